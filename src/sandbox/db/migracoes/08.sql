
ALTER TABLE declaracoes_investidor ADD COLUMN termo_qualificado_versao TEXT;
CREATE TABLE registros_aceite_v8 (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    reserva_id INTEGER REFERENCES reservas(id) ON DELETE CASCADE,
    documento TEXT NOT NULL CHECK (documento IN ('TermoAdesao', 'TermoCienciaRisco',
        'DeclaracaoInvestidor', 'DeclaracaoInvestidorQualificado', 'ConfirmacaoDeclaracao',
        'Desistencia')),
    versao TEXT NOT NULL,
    registrado_em INTEGER NOT NULL
) STRICT;
INSERT INTO registros_aceite_v8 SELECT id, usuario_id, reserva_id, documento, versao, registrado_em
    FROM registros_aceite;
DROP TABLE registros_aceite;
ALTER TABLE registros_aceite_v8 RENAME TO registros_aceite;
CREATE INDEX registros_aceite_usuario ON registros_aceite(usuario_id, id);
CREATE INDEX registros_aceite_reserva ON registros_aceite(reserva_id, documento)
    WHERE reserva_id IS NOT NULL;
