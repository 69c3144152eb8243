
CREATE TABLE caixa_de_saida (
    id INTEGER PRIMARY KEY,
    para TEXT NOT NULL,
    assunto TEXT NOT NULL,
    -- plain text, as the e-mail would be sent
    corpo TEXT NOT NULL,
    enviado_em INTEGER NOT NULL
) STRICT;
CREATE INDEX caixa_de_saida_enviado ON caixa_de_saida(enviado_em);
