
CREATE INDEX reservas_usuario_captacao ON reservas(usuario_id, captacao_id);
