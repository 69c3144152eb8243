//! Versioned schema: migration N brings the database to `user_version = N`. Append new
//! migrations; never edit one that has shipped.
//!
//! Money is stored as INTEGER cents so that SQL sums are exact; instants as INTEGER Unix
//! milliseconds.

pub(super) const MIGRACOES: &[&str] = &[
    // 1: offerings, investors, login provider, reservations.
    r#"
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
"#,
    // 2: e-mail outbox (sign-up credentials; read at GET /caixa-de-saida).
    r#"
CREATE TABLE caixa_de_saida (
    id INTEGER PRIMARY KEY,
    para TEXT NOT NULL,
    assunto TEXT NOT NULL,
    -- plain text, as the e-mail would be sent
    corpo TEXT NOT NULL,
    enviado_em INTEGER NOT NULL
) STRICT;
CREATE INDEX caixa_de_saida_enviado ON caixa_de_saida(enviado_em);
"#,
    // 3: the investor's registration documents and investor profile (suitability).
    r#"
-- One document per type and investor: sending a type again replaces it.
CREATE TABLE documentos_usuario (
    id INTEGER PRIMARY KEY,
    usuario_id INTEGER NOT NULL REFERENCES usuarios(id) ON DELETE CASCADE,
    tipo TEXT NOT NULL CHECK (tipo IN
        ('SelfieWithDocument', 'IdentityDocument', 'IdentityDocumentBack')),
    -- the file name as sent (nomeDocumento) and its description
    nome TEXT NOT NULL,
    descricao TEXT NOT NULL DEFAULT '',
    -- judged from the content's magic bytes, never from the name
    tipo_conteudo TEXT NOT NULL CHECK (tipo_conteudo IN
        ('image/png', 'image/jpeg', 'application/pdf')),
    tamanho INTEGER NOT NULL CHECK (tamanho > 0),
    conteudo BLOB NOT NULL,
    enviado_em INTEGER NOT NULL,
    UNIQUE (usuario_id, tipo)
) STRICT;

-- The investor-profile questionnaire: the last answers and what they scored.
CREATE TABLE suitability (
    usuario_id INTEGER PRIMARY KEY REFERENCES usuarios(id) ON DELETE CASCADE,
    -- JSON object {questionId: optionId}
    respostas TEXT NOT NULL,
    perfil TEXT NOT NULL CHECK (perfil IN ('Conservador', 'Moderado', 'Arrojado')),
    pontuacao INTEGER NOT NULL CHECK (pontuacao >= 0),
    atualizado_em INTEGER NOT NULL
) STRICT;
"#,
    // 4: the statement, notifications, the category products, and registration documents
    // of type Others (the income reports): the documents table is rebuilt because its
    // CHECK and its UNIQUE (usuario_id, tipo) allowed one document of three types only.
    r#"
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
"#,
    // 5: login provider hardening: PKCE challenge and the session a code opened (a
    // replayed code revokes it); a rotated refresh token remembers when it was rotated
    // and, sealed under a key only its holder can derive, the pair it was exchanged for
    // (handed out again within the reuse interval; reuse after it revokes the session).
    r#"
ALTER TABLE codigos ADD COLUMN code_challenge TEXT NOT NULL DEFAULT '';
ALTER TABLE codigos ADD COLUMN sessao_id INTEGER REFERENCES sessoes(id) ON DELETE SET NULL;
ALTER TABLE tokens ADD COLUMN rotacionado_em INTEGER;
ALTER TABLE tokens ADD COLUMN sucessor BLOB;
CREATE INDEX sessoes_usuario ON sessoes(usuario_id) WHERE encerrada_em IS NULL;
"#,
    // 6: the offerings' list answers from SQL (captacoes/lista.rs). Folded copies (lower
    // case, no Portuguese accents: domain::texto::dobrar) of the searched and sorted text, because
    // SQLite's lower() is ASCII only; NULL until filled by the Rust step that runs after
    // the migrations (db.rs), then written with every offering. `captacoes_lista` holds
    // every column the list filters on or derives the shown status from, so a filtered
    // count or a scan reads this narrow index and not the wide rows (their texts); it
    // starts with the rating, the one filter that is an equality. The other indexes give
    // the sort orders; each ends with the rowid, the tie-break of every sort.
    r#"
ALTER TABLE captacoes ADD COLUMN nome_dobrado TEXT;
ALTER TABLE captacoes ADD COLUMN descricao_dobrada TEXT;
ALTER TABLE captacoes ADD COLUMN cidade_dobrada TEXT;
ALTER TABLE captacoes ADD COLUMN rating_dobrado TEXT;
CREATE INDEX captacoes_status ON captacoes(status);
-- Offerings per stored status, kept by triggers: the unfiltered list's total without
-- counting every offering on each request.
CREATE TABLE captacoes_contagem (
    status TEXT PRIMARY KEY,
    n INTEGER NOT NULL
) STRICT;
INSERT INTO captacoes_contagem (status, n) SELECT status, COUNT(*) FROM captacoes GROUP BY status;
CREATE TRIGGER captacoes_contagem_inserir AFTER INSERT ON captacoes BEGIN
    INSERT INTO captacoes_contagem (status, n) VALUES (NEW.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER captacoes_contagem_apagar AFTER DELETE ON captacoes BEGIN
    UPDATE captacoes_contagem SET n = n - 1 WHERE status = OLD.status;
END;
CREATE TRIGGER captacoes_contagem_status AFTER UPDATE OF status ON captacoes
    WHEN OLD.status IS NOT NEW.status BEGIN
    UPDATE captacoes_contagem SET n = n - 1 WHERE status = OLD.status;
    INSERT INTO captacoes_contagem (status, n) VALUES (NEW.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE INDEX captacoes_nome ON captacoes(nome_dobrado) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_lista ON captacoes(rating_dobrado, vencimento_meses, status,
    nome_dobrado, cidade_dobrada, descricao_dobrada, rendimento_centesimos, limite_centavos,
    arrecadado_base_centavos, inicio_captacao, fim_captacao, pre_lancamento,
    data_pre_lancamento) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_fim ON captacoes(fim_captacao) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_inicio ON captacoes(inicio_captacao) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_vencimento ON captacoes(vencimento_meses) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_rendimento ON captacoes(rendimento_centesimos) WHERE status <> 'Rascunho';
CREATE INDEX captacoes_limite ON captacoes(limite_centavos) WHERE status <> 'Rascunho';
"#,
    // 7: the investor duties of Resolução CVM nº 88/2022. An offering's minimum target
    // (valor alvo mínimo; without partial distribution it is the whole target) and how its
    // close was settled; why a reservation was cancelled when the investor withdrew or the
    // offering failed, and when its paid amount left the escrow for the issuer; the
    // investor's annual-limit declarations (each one kept, the newest in force); and the
    // record of every acceptance and declaration with its version and instant.
    r#"
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
"#,
    // 8: the qualified investor's declaration is a signed term: the version signed with
    // each qualified declaration (NULL: not qualified, or declared before the term), and
    // the record's new document (SQLite cannot change a CHECK: the table is rebuilt).
    r#"
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
"#,
    // 9: an offering may be cancelled (its state then shows as such whatever its dates); the
    // phase an investor sees is otherwise derived from the dates and the close's result.
    r#"
ALTER TABLE captacoes ADD COLUMN cancelada_em INTEGER;
-- When the investor of a reservation recorded before its offering opened was told it opened.
ALTER TABLE reservas ADD COLUMN aviso_abertura_em INTEGER;
"#,
    // 10: an offering's issuer, a company: razão social, CNPJ (digits only), seat, the
    // producer or project it finances, the use of the funds and the platform's fee
    // (hundredths of a percent). One row per offering; `sandbox::seed::emissores` fills it.
    r#"
CREATE TABLE captacao_emissores (
    captacao_id INTEGER PRIMARY KEY REFERENCES captacoes(id) ON DELETE CASCADE,
    razao_social TEXT NOT NULL,
    cnpj TEXT NOT NULL CHECK (length(cnpj) = 14 AND cnpj NOT GLOB '*[^0-9]*'),
    sede_endereco TEXT NOT NULL,
    sede_cidade TEXT NOT NULL,
    sede_uf TEXT NOT NULL,
    projeto TEXT NOT NULL,
    uso_recursos TEXT NOT NULL,
    taxa_plataforma_centesimos INTEGER NOT NULL CHECK (taxa_plataforma_centesimos >= 0)
) STRICT;
"#,
    // 11: after the money goes in. What the issuer paid of each instalment (the last
    // payment's day; a part payment leaves it open); from which day an offering's issuer
    // stopped paying on the due dates (before it, and without a suspension, each
    // instalment counts as paid on its day); the recovery steps of a holding; the issuer's
    // updates; and what the investor was already told about each holding.
    r#"
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
"#,
    // 12: how the investor declares each offering's security in the IRPF: the 'Bens e
    // Direitos' group and code and the income's section and line, as the year's program
    // numbers them (platform data per offering; `sandbox::seed::emissores` fills it with the
    // issuer). Rows stored before carry the exempt CPR-F's codes.
    r#"
ALTER TABLE captacao_emissores ADD COLUMN irpf_bens_grupo TEXT NOT NULL DEFAULT '04'
    CHECK (length(irpf_bens_grupo) = 2 AND irpf_bens_grupo NOT GLOB '*[^0-9]*');
ALTER TABLE captacao_emissores ADD COLUMN irpf_bens_codigo TEXT NOT NULL DEFAULT '03'
    CHECK (length(irpf_bens_codigo) = 2 AND irpf_bens_codigo NOT GLOB '*[^0-9]*');
ALTER TABLE captacao_emissores ADD COLUMN irpf_rendimentos TEXT NOT NULL DEFAULT 'ISENTO'
    CHECK (irpf_rendimentos IN ('ISENTO', 'TRIBUTACAO_EXCLUSIVA'));
ALTER TABLE captacao_emissores ADD COLUMN irpf_rendimentos_codigo TEXT NOT NULL DEFAULT '12'
    CHECK (length(irpf_rendimentos_codigo) BETWEEN 1 AND 2
        AND irpf_rendimentos_codigo NOT GLOB '*[^0-9]*');
"#,
    // 13: paid money earns only from the day after it goes to the issuer, and that day is
    // what `inicio_rendimento` stores. Databases from before stored the day after the
    // payment: the paid money of offerings seeded as closed with success (which no sweep
    // settles) went to the issuer at their end, after the withdrawal periods, and every
    // start is forgotten (the sandbox reads the day after the transfer, or its estimate).
    r#"
UPDATE reservas SET repassada_em = MAX(COALESCE(desistencia_ate, 0),
        (SELECT c.fim_captacao FROM captacoes c WHERE c.id = reservas.captacao_id))
    WHERE repassada_em IS NULL AND status IN ('Pago', 'Aprovado')
      AND captacao_id IN (SELECT id FROM captacoes WHERE status IN ('Finalizado', 'Captado')
          AND fim_captacao < CAST(strftime('%s', 'now') AS INTEGER) * 1000);
UPDATE reservas SET inicio_rendimento = NULL;
"#,
    // 14: a reservation is read with the recovery events of its holder's reservations in the
    // same offering (`reservas::store`'s SELECT): found by holder and offering, not by
    // scanning every reservation of the holder for each row.
    r#"
CREATE INDEX reservas_usuario_captacao ON reservas(usuario_id, captacao_id);
"#,
];
