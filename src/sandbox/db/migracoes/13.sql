
UPDATE reservas SET repassada_em = MAX(COALESCE(desistencia_ate, 0),
        (SELECT c.fim_captacao FROM captacoes c WHERE c.id = reservas.captacao_id))
    WHERE repassada_em IS NULL AND status IN ('Pago', 'Aprovado')
      AND captacao_id IN (SELECT id FROM captacoes WHERE status IN ('Finalizado', 'Captado')
          AND fim_captacao < CAST(strftime('%s', 'now') AS INTEGER) * 1000);
UPDATE reservas SET inicio_rendimento = NULL;
