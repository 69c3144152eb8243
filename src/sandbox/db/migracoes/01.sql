
CREATE TABLE meta (
    chave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
) STRICT;

CREATE TABLE captacoes (
    id INTEGER PRIMARY KEY,
    url_amigavel TEXT NOT NULL UNIQUE,
    nome TEXT NOT NULL,
    descricao_produto TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN
        ('Rascunho', 'Aberto', 'Captação no ar', 'Captado', 'Finalizado')),
    vencimento_meses INTEGER NOT NULL CHECK (vencimento_meses > 0),
    -- annual rate in hundredths of a percent: 17.50 % a.a. = 1750
    rendimento_centesimos INTEGER NOT NULL,
    rendimento_descricao TEXT NOT NULL,
    rating TEXT NOT NULL,
    descricao_rating TEXT NOT NULL,
    classificacao_esg TEXT NOT NULL,
    limite_centavos INTEGER NOT NULL CHECK (limite_centavos > 0),
    -- raised outside this sandbox's reservations; shown arrecadado adds Pago/Aprovado ones
    arrecadado_base_centavos INTEGER NOT NULL CHECK (arrecadado_base_centavos >= 0),
    inicio_captacao INTEGER NOT NULL,
    fim_captacao INTEGER NOT NULL,
    pre_lancamento INTEGER NOT NULL CHECK (pre_lancamento IN (0, 1)),
    data_pre_lancamento INTEGER,
    investimento_minimo_centavos INTEGER NOT NULL CHECK (investimento_minimo_centavos > 0),
    descricao_pagamento TEXT NOT NULL,
    periodicidade_meses INTEGER NOT NULL,
    -- guarantee ids (Aval, PenhorAgricola, Hipoteca, ...) separated by ',''
    garantias TEXT NOT NULL,
    cidade TEXT NOT NULL,
    uf TEXT NOT NULL,
    latitude REAL,
    longitude REAL,
    empreendedor_nome TEXT NOT NULL,
    empreendedor_descricao TEXT NOT NULL,
    sobre TEXT NOT NULL
) STRICT;

CREATE TABLE captacao_faq (
    id INTEGER PRIMARY KEY,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    ordem INTEGER NOT NULL,
    pergunta TEXT NOT NULL,
    resposta TEXT NOT NULL
) STRICT;
CREATE INDEX captacao_faq_captacao ON captacao_faq(captacao_id, ordem);

CREATE TABLE captacao_midias (
    id INTEGER PRIMARY KEY,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    ordem INTEGER NOT NULL,
    tipo TEXT NOT NULL CHECK (tipo IN ('Principal', 'Galeria', 'Empreendedor')),
    arquivo TEXT,
    video TEXT,
    descricao TEXT NOT NULL,
    CHECK ((arquivo IS NULL) <> (video IS NULL))
) STRICT;
CREATE INDEX captacao_midias_captacao ON captacao_midias(captacao_id, ordem);

CREATE TABLE captacao_documentos (
    id INTEGER PRIMARY KEY,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    ordem INTEGER NOT NULL,
    tipo TEXT NOT NULL,
    nome TEXT NOT NULL
) STRICT;
CREATE INDEX captacao_documentos_captacao ON captacao_documentos(captacao_id, ordem);

CREATE TABLE usuarios (
    id INTEGER PRIMARY KEY,
    codigo TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    -- "sha256i$<iterations>$<salt b64>$<hash b64>"; never the password itself
    senha_hash TEXT NOT NULL,
    senha_temporaria INTEGER NOT NULL DEFAULT 0 CHECK (senha_temporaria IN (0, 1)),
    cadastro TEXT NOT NULL CHECK (cadastro IN ('Básico', 'Em análise', 'Completo')),
    permite_liquidacao_ativa INTEGER NOT NULL DEFAULT 0,
    -- cash at the partner brokerage (debit of tipoPagamento 2)
    saldo_centavos INTEGER NOT NULL DEFAULT 0,
    nome TEXT NOT NULL,
    telefone_ddd TEXT,
    telefone_numero TEXT,
    cpf TEXT NOT NULL UNIQUE,
    genero TEXT CHECK (genero IN ('Male', 'Female')),
    data_nascimento TEXT,
    estado_nascimento TEXT,
    nacionalidade TEXT,
    pais TEXT,
    rg_numero TEXT,
    rg_estado TEXT,
    rg_emissor TEXT,
    politicamente_exposto INTEGER NOT NULL DEFAULT 0,
    cep TEXT,
    rua TEXT,
    numero TEXT,
    complemento TEXT,
    bairro TEXT,
    cidade TEXT,
    estado TEXT,
    pais_endereco TEXT,
    banco TEXT,
    agencia TEXT,
    digito_agencia TEXT,
    conta TEXT,
    digito_conta TEXT,
    tipo_conta TEXT CHECK (tipo_conta IN ('CheckingAccount', 'Savings')),
    conta_corretora TEXT,
    observacao TEXT,
    criado_em INTEGER NOT NULL
) STRICT;

-- Login provider. Only SHA-256 digests of codes and tokens are stored.
CREATE TABLE codigos (
    hash TEXT PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    client_id TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    expira_em INTEGER NOT NULL,
    usado_em INTEGER
) STRICT;

CREATE TABLE sessoes (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    client_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    criada_em INTEGER NOT NULL,
    encerrada_em INTEGER
) STRICT;

CREATE TABLE tokens (
    hash TEXT PRIMARY KEY,
    sessao_id INTEGER NOT NULL REFERENCES sessoes(id) ON DELETE CASCADE,
    tipo TEXT NOT NULL CHECK (tipo IN ('access', 'refresh')),
    expira_em INTEGER NOT NULL,
    revogado_em INTEGER
) STRICT;
CREATE INDEX tokens_sessao ON tokens(sessao_id);

-- Reservation life cycle: Aberto -> (terms) -> confirmed: Pix -> Aporte
-- pendente (deadline) | partner debit -> Em análise; pay -> Pago; approve -> Aprovado;
-- reject -> Aporte pendente with a new deadline; deadline passed -> Cancelado.
CREATE TABLE reservas (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    captacao_id INTEGER NOT NULL REFERENCES captacoes(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN
        ('Aberto', 'Aporte pendente', 'Em análise', 'Aprovado', 'Pago', 'Cancelado', 'Rejeitado')),
    -- 1 = Pix, 2 = debit at the partner brokerage
    tipo_pagamento INTEGER NOT NULL CHECK (tipo_pagamento IN (1, 2)),
    origem TEXT NOT NULL DEFAULT 'Ativa',
    investimento_centavos INTEGER NOT NULL CHECK (investimento_centavos > 0),
    termo_opcao TEXT,
    termo_aceito_em INTEGER,
    confirmada_em INTEGER,
    pix_vencimento INTEGER,
    paga_em INTEGER,
    aprovada_em INTEGER,
    cancelada_em INTEGER,
    inicio_rendimento INTEGER,
    criada_em INTEGER NOT NULL,
    atualizada_em INTEGER NOT NULL,
    CHECK (status <> 'Aporte pendente' OR pix_vencimento IS NOT NULL),
    CHECK (status <> 'Pago' OR paga_em IS NOT NULL)
) STRICT;
CREATE INDEX reservas_captacao_status ON reservas(captacao_id, status);
CREATE INDEX reservas_usuario ON reservas(usuario_id, criada_em);
CREATE INDEX reservas_pix_vencimento ON reservas(pix_vencimento) WHERE status = 'Aporte pendente';
