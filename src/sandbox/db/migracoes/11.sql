
CREATE TABLE pagamentos_parcelas (
    reserva_id INTEGER NOT NULL REFERENCES reservas(id) ON DELETE CASCADE,
    numero INTEGER NOT NULL CHECK (numero >= 1),
    pago_centavos INTEGER NOT NULL CHECK (pago_centavos >= 0),
    pago_em TEXT NOT NULL CHECK (pago_em GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    PRIMARY KEY (reserva_id, numero)
) STRICT;
CREATE TABLE captacao_pagamentos_suspensos (
    captacao_id INTEGER PRIMARY KEY REFERENCES captacoes(id) ON DELETE CASCADE,
    desde TEXT NOT NULL CHECK (desde GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
) STRICT;
CREATE TABLE eventos_recuperacao (
    id INTEGER PRIMARY KEY,
    reserva_id INTEGER NOT NULL REFERENCES reservas(id) ON DELETE CASCADE,
    data TEXT NOT NULL CHECK (data GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    tipo TEXT NOT NULL CHECK (tipo IN ('NOTIFICACAO_EMISSORA', 'RENEGOCIACAO_PROPOSTA',
        'RENEGOCIACAO_ACORDADA', 'GARANTIA_EXECUTADA', 'VALOR_RECUPERADO', 'BAIXA')),
    titulo TEXT NOT NULL,
    descricao TEXT NOT NULL,
    valor_centavos INTEGER CHECK (valor_centavos IS NULL OR valor_centavos >= 0)
) STRICT;
CREATE INDEX eventos_recuperacao_reserva ON eventos_recuperacao(reserva_id, data);
CREATE TABLE atualizacoes_emissora (
    id INTEGER PRIMARY KEY,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    data TEXT NOT NULL CHECK (data GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    tipo TEXT NOT NULL CHECK (tipo IN ('TRIMESTRAL', 'ANUAL', 'COMUNICADO')),
    titulo TEXT NOT NULL,
    texto TEXT NOT NULL,
    relatorio_nome TEXT CHECK (relatorio_nome IS NULL OR tipo IN ('TRIMESTRAL', 'ANUAL'))
) STRICT;
CREATE INDEX atualizacoes_emissora_captacao ON atualizacoes_emissora(captacao_id, data);
CREATE TABLE avisos_investimento (
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    chave TEXT NOT NULL,
    valor TEXT NOT NULL,
    avisado_em INTEGER NOT NULL,
    PRIMARY KEY (usuario_id, captacao_id, chave)
) STRICT;
