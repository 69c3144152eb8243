
ALTER TABLE captacao_emissores ADD COLUMN irpf_bens_grupo TEXT NOT NULL DEFAULT '04'
    CHECK (length(irpf_bens_grupo) = 2 AND irpf_bens_grupo NOT GLOB '*[^0-9]*');
ALTER TABLE captacao_emissores ADD COLUMN irpf_bens_codigo TEXT NOT NULL DEFAULT '03'
    CHECK (length(irpf_bens_codigo) = 2 AND irpf_bens_codigo NOT GLOB '*[^0-9]*');
ALTER TABLE captacao_emissores ADD COLUMN irpf_rendimentos TEXT NOT NULL DEFAULT 'ISENTO'
    CHECK (irpf_rendimentos IN ('ISENTO', 'TRIBUTACAO_EXCLUSIVA'));
ALTER TABLE captacao_emissores ADD COLUMN irpf_rendimentos_codigo TEXT NOT NULL DEFAULT '12'
    CHECK (length(irpf_rendimentos_codigo) BETWEEN 1 AND 2
        AND irpf_rendimentos_codigo NOT GLOB '*[^0-9]*');
