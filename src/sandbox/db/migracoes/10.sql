
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
