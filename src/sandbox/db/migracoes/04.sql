
-- Statement lines, derived from the reservations' life cycle (reservas/movimentos.rs):
-- one Aporte per confirmed reservation (parcela 0, its status follows the reservation),
-- one Estorno per refunded one, one Rendimento (and at maturity one Amortizacao) per
-- installment already due. The UNIQUE key makes catching up idempotent.
CREATE TABLE movimentos (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    reserva_id INTEGER NOT NULL REFERENCES reservas(id) ON DELETE CASCADE,
    tipo TEXT NOT NULL CHECK (tipo IN ('Aporte', 'Rendimento', 'Amortizacao', 'Estorno')),
    parcela INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('Liquidado', 'Pendente', 'Cancelado')),
    data INTEGER NOT NULL,
    -- signed: an Aporte is negative (money leaves the investor's account)
    valor_centavos INTEGER NOT NULL,
    descricao TEXT NOT NULL,
    nome_ativo TEXT NOT NULL,
    -- lower-cased (Unicode) copies for case-insensitive search: SQLite's lower() is ASCII only
    busca_ativo TEXT NOT NULL,
    busca_texto TEXT NOT NULL,
    UNIQUE (reserva_id, tipo, parcela)
) STRICT;
CREATE INDEX movimentos_usuario_data ON movimentos(usuario_id, data, id);

CREATE TABLE notificacoes (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    titulo TEXT NOT NULL,
    -- the list's short text, and the full text of the opened message
    resumo TEXT NOT NULL,
    texto TEXT NOT NULL,
    titulo_botao TEXT,
    -- a path of the web app: one leading '/', never '//' (no other origin)
    url_botao TEXT,
    enviada_em INTEGER NOT NULL,
    lida_em INTEGER,
    CHECK ((titulo_botao IS NULL) = (url_botao IS NULL)),
    CHECK (url_botao IS NULL OR (substr(url_botao, 1, 1) = '/' AND substr(url_botao, 2, 1) <> '/'))
) STRICT;
CREATE INDEX notificacoes_usuario ON notificacoes(usuario_id, enviada_em);

-- Absent row: the investor receives notifications (the default).
CREATE TABLE preferencias_notificacao (
    usuario_id INTEGER PRIMARY KEY REFERENCES usuarios(id) ON DELETE CASCADE,
    recebe INTEGER NOT NULL CHECK (recebe IN (0, 1)),
    atualizada_em INTEGER NOT NULL
) STRICT;

-- The category search's catalogue (fixed income outside the platform's own CRAs).
CREATE TABLE produtos (
    id INTEGER PRIMARY KEY,
    codigo_setor INTEGER NOT NULL CHECK (codigo_setor BETWEEN 1 AND 10),
    nome TEXT NOT NULL,
    emissor TEXT NOT NULL,
    rentabilidade TEXT NOT NULL,
    -- civil date YYYY-MM-DD
    vencimento TEXT NOT NULL,
    aplicacao_minima_centavos INTEGER NOT NULL CHECK (aplicacao_minima_centavos > 0),
    liquidez TEXT NOT NULL,
    garantido_fgc INTEGER NOT NULL CHECK (garantido_fgc IN (0, 1))
) STRICT;
CREATE INDEX produtos_setor ON produtos(codigo_setor, vencimento, id);

CREATE TABLE documentos_usuario_v4 (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    tipo TEXT NOT NULL CHECK (tipo IN
        ('SelfieWithDocument', 'IdentityDocument', 'IdentityDocumentBack', 'Others')),
    nome TEXT NOT NULL,
    descricao TEXT NOT NULL DEFAULT '',
    tipo_conteudo TEXT NOT NULL CHECK (tipo_conteudo IN
        ('image/png', 'image/jpeg', 'application/pdf')),
    tamanho INTEGER NOT NULL CHECK (tamanho > 0),
    conteudo BLOB NOT NULL,
    enviado_em INTEGER NOT NULL
) STRICT;
INSERT INTO documentos_usuario_v4 (id, usuario_id, tipo, nome, descricao, tipo_conteudo,
    tamanho, conteudo, enviado_em)
    SELECT id, usuario_id, tipo, nome, descricao, tipo_conteudo, tamanho, conteudo, enviado_em
    FROM documentos_usuario;
DROP TABLE documentos_usuario;
ALTER TABLE documentos_usuario_v4 RENAME TO documentos_usuario;
-- One document per uploadable type (sending again replaces it); Others: one per file name
-- (one income report per year).
CREATE UNIQUE INDEX documentos_usuario_tipo ON documentos_usuario(usuario_id, tipo)
    WHERE tipo <> 'Others';
CREATE UNIQUE INDEX documentos_usuario_outros ON documentos_usuario(usuario_id, nome)
    WHERE tipo = 'Others';
