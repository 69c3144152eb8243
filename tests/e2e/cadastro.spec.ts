// Sign-up, the sandbox outbox, the first access with the temporary password and the password
// change, as a person does it, with and without JavaScript. The error and success states that a
// GET cannot reach are checked here with axe (and vnu in `nojs`); routes.ts covers the GET pages.
import { expect, test, type Page } from '@playwright/test';
import { APP_URL, SANDBOX_URL, checkA11y, checkHtml, expectLoginPage, submitLogin } from './helpers';

/** A valid CPF nobody has: random base, mod-11 check digits. */
function newCpf(): string {
  for (;;) {
    const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (d.every((x) => x === d[0])) continue;
    for (let k = 0; k < 2; k++) {
      const n = d.length + 1;
      const sum = d.reduce((acc, x, i) => acc + x * (n - i), 0);
      d.push(((sum * 10) % 11) % 10);
    }
    return d.join('');
  }
}

function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}${Math.floor(Math.random() * 1000)}@exemplo.com.br`;
}

interface SignupValues {
  nome: string;
  email: string;
  celular: string;
  cpf: string;
}

async function fillSignup(page: Page, v: SignupValues): Promise<void> {
  await page.getByLabel('Nome completo', { exact: true }).fill(v.nome);
  await page.getByLabel('E-mail', { exact: true }).fill(v.email);
  await page.getByLabel('Celular/WhatsApp', { exact: true }).fill(v.celular);
  await page.getByLabel('CPF', { exact: true }).fill(v.cpf);
}

/** The alert dialog titled 'Atenção!' with `message`; closes it with 'Fechar'. */
async function expectAlert(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Atenção!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(message);
}

async function closeAlert(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** axe on the page as shown; vnu on its HTML (once, in `nojs`, where the DOM is the server's). */
async function checkState(page: Page, label: string): Promise<void> {
  await checkA11y(page);
  if (test.info().project.name === 'nojs') await checkHtml(await page.content(), label);
}

test('a new investor signs up, reads the e-mail, logs in and changes the password', async ({ page }) => {
  // A long journey with three axe runs (and three vnu runs in `nojs`).
  test.slow();
  const js = test.info().project.name === 'js';
  const email = uniqueEmail(`joana.${test.info().project.name}`);
  await page.goto('/quero-investir');
  await expect(page).toHaveTitle('Cadastre-se | Colheita');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Investidor, Cadastre-se agora mesmo!');
  await fillSignup(page, { nome: 'Joana Pereira', email, celular: '11987654321', cpf: newCpf() });
  if (js) {
    // The mask island formats while typing; without JS the digits go as typed.
    await expect(page.getByLabel('Celular/WhatsApp', { exact: true })).toHaveValue('(11) 98765-4321');
  }
  await page.getByRole('checkbox', { name: /Li e aceito os termos/ }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page).toHaveURL(`${APP_URL}/quero-investir/sucesso`);
  await expect(page.getByRole('heading', { name: 'Cadastro realizado com sucesso!' })).toBeVisible();
  await expect(page.getByText('Em instantes você receberá um e-mail com seus dados de acesso.')).toBeVisible();
  await expect(page.getByRole('link', { name: /fale com um especialista/ })).toBeVisible();
  await checkState(page, 'sign-up success');

  // The sandbox's outbox holds the e-mail with the temporary password and the login link.
  await page.goto(`${SANDBOX_URL}/caixa-de-saida`);
  await expect(page.getByRole('heading', { name: 'Caixa de saída' })).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await checkState(page, 'sandbox outbox');
  const password = /Senha temporária: (\S+)/.exec(await mail.innerText())?.[1];
  expect(password, 'temporary password in the e-mail').toBeTruthy();
  await mail.getByRole('link', { name: `${APP_URL}/entrar` }).click();

  // First access: the platform answers 'trocarsenha', so the app asks for a new password.
  await expectLoginPage(page);
  await submitLogin(page, email, password as string);
  await expect(page).toHaveURL(`${APP_URL}/minha-conta/alterar-senha`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minha conta');
  await expect(page.getByRole('heading', { level: 2, name: 'Alterar senha' })).toBeVisible();
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres, com letras e números.')).toBeVisible();

  // A mistake first: the message, and nothing typed comes back.
  await page.getByLabel('Senha atual', { exact: true }).fill(password as string);
  await page.getByLabel('Nova senha', { exact: true }).fill('Safra2027');
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Safra2028');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expectAlert(page, 'A confirmação não confere com a nova senha.');
  await checkState(page, 'password change error');
  await closeAlert(page);
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveValue('');

  await page.getByLabel('Senha atual', { exact: true }).fill(password as string);
  await page.getByLabel('Nova senha', { exact: true }).fill('Safra2027');
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Safra2027');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('dialog', { name: 'Sucesso!' })).toContainText('Senha alterada com sucesso.');
  await closeAlert(page);
  await expect(page.getByRole('banner').getByText('Olá, Joana')).toBeVisible();
});

test('a sign-up error keeps every value and shows the platform message', async ({ page }) => {
  const values = {
    nome: 'Joana',
    email: uniqueEmail('erro'),
    celular: '(11) 98765-4321',
    cpf: newCpf(),
  };
  await page.goto('/quero-investir');
  await fillSignup(page, values);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expectAlert(page, 'Necessário aceitar os termos e condições e de uso para prosseguir.');
  await closeAlert(page);
  await page.getByRole('checkbox', { name: /Li e aceito os termos/ }).check();
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expectAlert(page, 'Por favor, informe um nome válido para prosseguir.');
  await checkState(page, 'sign-up error');
  await closeAlert(page);
  await expect(page.getByLabel('Nome completo', { exact: true })).toHaveValue(values.nome);
  await expect(page.getByLabel('Nome completo', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(values.email);
  await expect(page.getByLabel('Celular/WhatsApp', { exact: true })).toHaveValue(values.celular);
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(values.cpf);
  await expect(page.getByRole('checkbox', { name: /Li e aceito os termos/ })).toBeChecked();

  // A CPF already registered: the platform's message, values still there.
  await page.getByLabel('Nome completo', { exact: true }).fill('Joana Pereira');
  await page.getByLabel('CPF', { exact: true }).fill('38251794609');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expectAlert(
    page,
    'Já existe um cadastro em andamento com os dados informados. Efetue o login ou recupere sua senha para prosseguir.',
  );
  await closeAlert(page);
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue('38251794609');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(values.email);

  // 'Já é cliente? Acesse aqui' goes to / (and from there to login).
  await page.getByRole('link', { name: 'Já é cliente? Acesse aqui' }).click();
  await expectLoginPage(page);
});
