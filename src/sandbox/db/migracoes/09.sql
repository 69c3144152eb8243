
ALTER TABLE captacoes ADD COLUMN cancelada_em INTEGER;
-- When the investor of a reservation recorded before its offering opened was told it opened.
ALTER TABLE reservas ADD COLUMN aviso_abertura_em INTEGER;
