
ALTER TABLE captacoes ADD COLUMN valor_alvo_minimo_centavos INTEGER NOT NULL DEFAULT 0
    CHECK (valor_alvo_minimo_centavos >= 0);
ALTER TABLE captacoes ADD COLUMN distribuicao_parcial INTEGER NOT NULL DEFAULT 1
    CHECK (distribuicao_parcial IN (0, 1));
-- Databases from before: two thirds of the target, rounded up to the real.
UPDATE captacoes SET valor_alvo_minimo_centavos = ((limite_centavos * 2 / 3 + 99) / 100) * 100;
ALTER TABLE captacoes ADD COLUMN encerrada_em INTEGER;
ALTER TABLE captacoes ADD COLUMN resultado TEXT CHECK (resultado IN ('Sucesso', 'Malsucedida'));
ALTER TABLE reservas ADD COLUMN motivo_cancelamento TEXT
    CHECK (motivo_cancelamento IN ('Desistencia', 'OfertaMalsucedida'));
ALTER TABLE reservas ADD COLUMN repassada_em INTEGER;
-- The first instant the investor can no longer withdraw: set at confirmation from the
-- period in force then (a later change of the period does not touch it).
ALTER TABLE reservas ADD COLUMN desistencia_ate INTEGER;
CREATE INDEX reservas_usuario_confirmada ON reservas(usuario_id, confirmada_em)
    WHERE confirmada_em IS NOT NULL;

CREATE TABLE declaracoes_investidor (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    qualificado INTEGER NOT NULL CHECK (qualificado IN (0, 1)),
    -- the band: income or investments above the threshold in force when declared
    acima_do_patamar INTEGER NOT NULL CHECK (acima_do_patamar IN (0, 1)),
    renda_bruta_anual_centavos INTEGER NOT NULL DEFAULT 0 CHECK (renda_bruta_anual_centavos >= 0),
    investimentos_financeiros_centavos INTEGER NOT NULL DEFAULT 0
        CHECK (investimentos_financeiros_centavos >= 0),
    -- invested in crowdfunding offerings on other platforms in `ano` (São Paulo calendar year)
    investido_outras_centavos INTEGER NOT NULL CHECK (investido_outras_centavos >= 0),
    ano INTEGER NOT NULL,
    versao TEXT NOT NULL,
    declarada_em INTEGER NOT NULL
) STRICT;
CREATE INDEX declaracoes_investidor_usuario ON declaracoes_investidor(usuario_id, id);

-- Append-only: what the investor accepted or declared, which version, when.
CREATE TABLE registros_aceite (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    reserva_id INTEGER REFERENCES reservas(id) ON DELETE CASCADE,
    documento TEXT NOT NULL CHECK (documento IN ('TermoAdesao', 'TermoCienciaRisco',
        'DeclaracaoInvestidor', 'ConfirmacaoDeclaracao', 'Desistencia')),
    versao TEXT NOT NULL,
    registrado_em INTEGER NOT NULL
) STRICT;
CREATE INDEX registros_aceite_usuario ON registros_aceite(usuario_id, id);
CREATE INDEX registros_aceite_reserva ON registros_aceite(reserva_id, documento)
    WHERE reserva_id IS NOT NULL;
