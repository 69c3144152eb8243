
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
