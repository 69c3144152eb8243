//! The text of the platform's standing documents, as data: sections of paragraphs.
//! Fictional companies and figures, written as the real documents of a crowdfunding
//! platform under CVM Resolution 88 would be. `{dias}` (the withdrawal period) and
//! `{dias_uteis}` (the refund deadline) are the parameters in force, filled in when the
//! text is served (`termos::com_prazos`).

pub(super) struct Texto {
    /// The path segment of `GET /v1/termos/{tipo}`.
    pub(super) tipo: &'static str,
    pub(super) titulo: &'static str,
    pub(super) versao: &'static str,
    pub(super) secoes: &'static [(&'static str, &'static [&'static str])],
}

pub(super) const TEXTOS: &[Texto] = &[
    Texto {
        tipo: "termos-e-condicoes",
        titulo: "Termos e condições de uso",
        versao: "Versão 3.2, vigente desde 1º de março de 2025",
        secoes: &[
            (
                "1. Quem somos",
                &[
                    "A Colheita Plataforma de Investimentos Ltda. (\"Colheita\") é uma plataforma eletrônica de investimento participativo registrada na Comissão de Valores Mobiliários (CVM) nos termos da Resolução CVM nº 88/2022. A Colheita aproxima investidores de produtores rurais e empresas do agronegócio que buscam financiamento por meio de ofertas públicas dispensadas de registro.",
                    "Os títulos ofertados são Cédulas de Produto Rural com liquidação financeira (CPR-F) emitidas, em cada oferta, por uma sociedade empresária de pequeno porte identificada pela razão social, pelo CNPJ e pela sede nas informações essenciais da oferta. Os aportes são recebidos pela Colheita Pagamentos Ltda., empresa do mesmo grupo econômico da Colheita, que os mantém em conta segregada até que possam ser repassados ao emissor; esse vínculo é um conflito de interesses informado em cada oferta.",
                ],
            ),
            (
                "2. Cadastro e acesso",
                &[
                    "Para investir, a pessoa física deve ser maior de 18 anos, residente no Brasil, titular de CPF regular e completar o cadastro com dados pessoais, endereço, conta bancária de sua titularidade e documentos de identificação. A Colheita verifica as informações antes de liberar os investimentos.",
                    "O usuário é responsável pela veracidade dos dados informados e pela guarda da sua senha, que é pessoal e intransferível. Qualquer uso indevido deve ser comunicado imediatamente ao atendimento.",
                ],
            ),
            (
                "3. Ofertas e reservas",
                &[
                    "Cada oferta apresenta a lâmina de informações essenciais, o prazo, a remuneração, as garantias e os riscos da operação. A reserva de investimento só é confirmada após a aceitação do termo de adesão e ciência de riscos e o pagamento dentro do prazo indicado.",
                    "O investidor pode desistir da reserva, sem qualquer ônus, em até {dias} contados da confirmação, e terá o valor integralmente devolvido em até {dias_uteis}. Se a oferta não atingir o valor mínimo de captação, os recursos serão devolvidos na forma prevista na documentação da oferta.",
                ],
            ),
            (
                "4. Limites de investimento",
                &[
                    "Nos termos da regulamentação, o investidor que não seja qualificado pode aplicar até R$ 20.000,00 por ano-calendário em ofertas dispensadas de registro, limite que pode ser ampliado conforme a renda bruta anual ou o patrimônio declarados, observadas as condições da Resolução CVM nº 88/2022.",
                ],
            ),
            (
                "5. Riscos",
                &[
                    "Investimentos em títulos do agronegócio não contam com a garantia do Fundo Garantidor de Créditos (FGC). Estão sujeitos a riscos de crédito, climáticos, de preço das commodities, de liquidez e de perda total do capital investido. Rentabilidade passada não é garantia de rentabilidade futura.",
                ],
            ),
            (
                "6. Disposições gerais",
                &[
                    "Estes termos podem ser atualizados; a versão vigente fica sempre disponível na área do investidor. Fica eleito o foro da comarca de São Paulo/SP para dirimir quaisquer controvérsias, com renúncia a qualquer outro, por mais privilegiado que seja.",
                ],
            ),
        ],
    },
    Texto {
        tipo: "politica-de-privacidade",
        titulo: "Política de privacidade",
        versao: "Versão 2.4, vigente desde 15 de janeiro de 2025",
        secoes: &[
            (
                "1. Controlador dos dados",
                &[
                    "A Colheita Plataforma de Investimentos Ltda. é a controladora dos dados pessoais tratados na plataforma, nos termos da Lei nº 13.709/2018 (Lei Geral de Proteção de Dados Pessoais — LGPD). O encarregado pelo tratamento pode ser contatado pelo e-mail privacidade@colheita.dev.",
                ],
            ),
            (
                "2. Dados que coletamos",
                &[
                    "Coletamos os dados informados no cadastro (nome, CPF, data de nascimento, nacionalidade, documento de identidade, endereço, telefone, e-mail e conta bancária), as imagens dos documentos e da selfie enviados para verificação, as respostas ao questionário de perfil de investidor e o histórico das reservas e investimentos realizados.",
                    "Também registramos dados técnicos de acesso, como endereço IP, data e hora, tipo de navegador e dispositivo, exigidos pelo Marco Civil da Internet e utilizados para a segurança da conta.",
                ],
            ),
            (
                "3. Para que usamos",
                &[
                    "Os dados são usados para verificar a identidade do investidor, cumprir obrigações legais e regulatórias (prevenção à lavagem de dinheiro, suitability, informes de rendimentos), executar as reservas e os pagamentos, prestar atendimento e enviar comunicações sobre os investimentos.",
                ],
            ),
            (
                "4. Compartilhamento",
                &[
                    "Compartilhamos dados apenas com o emissor dos títulos da oferta em que o investidor investiu, a Colheita Pagamentos Ltda. (que recebe os aportes e repassa os pagamentos), a entidade registradora, o banco liquidante, a corretora parceira (quando o investidor opta pelo débito em conta) e autoridades, quando exigido por lei. Não vendemos dados pessoais.",
                ],
            ),
            (
                "5. Guarda e segurança",
                &[
                    "Os dados são armazenados em ambiente protegido, com criptografia em trânsito e controle de acesso, pelo prazo exigido pela regulamentação (no mínimo 5 anos após o encerramento da relação) e descartados com segurança depois disso.",
                ],
            ),
            (
                "6. Seus direitos",
                &[
                    "O titular pode solicitar a confirmação do tratamento, o acesso, a correção, a portabilidade e a eliminação dos dados tratados com base no consentimento, além de informações sobre o compartilhamento, pelos canais de atendimento. Algumas informações precisam ser mantidas para o cumprimento de obrigações legais.",
                ],
            ),
        ],
    },
    Texto {
        tipo: "contrato-vinculante-master",
        titulo: "Contrato vinculante master",
        versao: "Versão 1.7, vigente desde 1º de março de 2025",
        secoes: &[
            (
                "1. Partes e objeto",
                &[
                    "Este contrato é celebrado entre o investidor cadastrado na plataforma e a Colheita Plataforma de Investimentos Ltda., e regula as condições gerais aplicáveis a todas as subscrições de Cédulas de Produto Rural com liquidação financeira (CPR-F) realizadas por meio da plataforma Colheita. Cada CPR-F é emitida pela sociedade empresária de pequeno porte indicada, com razão social, CNPJ e sede, nas informações essenciais da oferta, que é a devedora dos títulos.",
                    "As condições específicas de cada operação (valor, prazo, remuneração, garantias e cronograma de pagamentos) constam do termo de adesão assinado em cada reserva, que integra este contrato.",
                ],
            ),
            (
                "2. Subscrição e integralização",
                &[
                    "A subscrição ocorre com a aceitação do termo de adesão e a integralização com o pagamento via Pix ou o débito na conta da corretora parceira, na data de liquidação da oferta. Os recursos permanecem em conta segregada da Colheita Pagamentos Ltda. (CNPJ 45.723.174/0001-10), empresa do mesmo grupo econômico da plataforma, até o encerramento da captação com êxito e o fim dos prazos de desistência, e só então são repassados ao emissor.",
                ],
            ),
            (
                "3. Remuneração e pagamentos",
                &[
                    "Os títulos rendem a taxa informada na oferta, a partir do dia seguinte ao da integralização, e são pagos conforme o cronograma de cada operação, por crédito na conta bancária cadastrada pelo investidor. Os rendimentos de CPR-F são isentos de imposto de renda para pessoa física, nos termos do art. 3º, V, da Lei nº 11.033/2004.",
                ],
            ),
            (
                "4. Garantias e inadimplemento",
                &[
                    "As garantias de cada operação são constituídas em favor dos titulares das CPR-F e administradas por um agente de garantias contratado pelo emissor. Em caso de atraso do emissor, o agente de garantias adotará, em nome dos titulares, as medidas de cobrança e de execução das garantias previstas na cédula; a plataforma acompanha e informa os investidores, mas não garante os pagamentos.",
                ],
            ),
            (
                "5. Vigência",
                &[
                    "Este contrato vigora por prazo indeterminado e permanece aplicável enquanto o investidor mantiver títulos subscritos por meio da plataforma, podendo ser denunciado por qualquer das partes sem prejuízo das operações em curso.",
                ],
            ),
        ],
    },
    Texto {
        tipo: super::CIENCIA_RISCO_TIPO,
        titulo: super::CIENCIA_RISCO_TITULO,
        versao: "Versão 2026.1, vigente desde 1º de novembro de 2026",
        secoes: &[
            (
                "1. Natureza da oferta",
                &[
                    "As ofertas apresentadas na plataforma Colheita são ofertas públicas de investimento participativo, automaticamente dispensadas de registro na Comissão de Valores Mobiliários (CVM) nos termos da Resolução CVM nº 88/2022. A CVM não analisa previamente as ofertas nem garante a veracidade das informações prestadas.",
                    "O emissor dos títulos é uma sociedade empresária de pequeno porte, identificada em cada oferta pela razão social, pelo CNPJ e pela sede, que não é registrada na CVM como emissora de valores mobiliários e não está sujeita às mesmas obrigações de divulgação de informações das companhias abertas.",
                ],
            ),
            (
                "2. Riscos que declaro conhecer",
                &[
                    "Perda do capital: posso perder parte ou a totalidade do valor investido, inclusive se o emissor não pagar os rendimentos ou o principal no vencimento.",
                    "Risco de crédito: o pagamento depende da capacidade financeira do emissor e do desempenho da atividade rural (clima, pragas, produtividade e preços das commodities); garantias, quando existem, podem não cobrir toda a dívida e sua execução pode ser demorada.",
                    "Liquidez: não há mercado secundário organizado para estes títulos; posso não conseguir vendê-los antes do vencimento, ou conseguir apenas com desconto.",
                    "Ausência de garantia do Fundo Garantidor de Créditos (FGC) e de qualquer garantia da plataforma sobre a rentabilidade; rentabilidade passada não assegura rentabilidade futura.",
                ],
            ),
            (
                "3. Limite e declaração",
                &[
                    "Declaro conhecer o limite anual de investimento em ofertas de investimento participativo aplicável a investidores não qualificados e que as informações da minha declaração de investidor, usadas para calcular esse limite, são verdadeiras e estão atualizadas.",
                ],
            ),
            (
                "4. Desistência e devolução",
                &[
                    "Posso desistir do investimento, sem qualquer custo, dentro do prazo de desistência informado na oferta, de {dias} contados da confirmação, e recebo de volta todo o valor pago em até {dias_uteis}. Se a oferta não atingir o valor alvo mínimo no prazo da captação, ela é cancelada e os valores aportados são devolvidos integralmente, também em até {dias_uteis}.",
                ],
            ),
        ],
    },
];
