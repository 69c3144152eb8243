
ALTER TABLE codigos ADD COLUMN code_challenge TEXT NOT NULL DEFAULT '';
ALTER TABLE codigos ADD COLUMN sessao_id INTEGER REFERENCES sessoes(id) ON DELETE SET NULL;
ALTER TABLE tokens ADD COLUMN rotacionado_em INTEGER;
ALTER TABLE tokens ADD COLUMN sucessor BLOB;
CREATE INDEX sessoes_usuario ON sessoes(usuario_id) WHERE encerrada_em IS NULL;
