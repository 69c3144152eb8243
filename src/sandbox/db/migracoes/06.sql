
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
