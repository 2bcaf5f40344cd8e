import type { Language } from '@shop/shared';
import type { CodePurpose } from '../../db/schema/index.js';
import { MAIL_FONT, type MailMessage } from '../../platform/mail.js';

/** The code e-mails, in the recipient's language. */
const TEXTS: Record<CodePurpose, Record<Language, { subject: string; intro: string }>> = {
  confirm_email: {
    az: { subject: 'E-poçtunuzu təsdiqləyin', intro: 'Qeydiyyatı tamamlamaq üçün bu kodu daxil edin:' },
    en: { subject: 'Confirm your email', intro: 'Enter this code to finish signing up:' },
    ru: { subject: 'Подтвердите e-mail', intro: 'Введите этот код, чтобы завершить регистрацию:' },
  },
  login: {
    az: { subject: 'Giriş təsdiq kodu', intro: 'Hesabınıza daxil olmaq üçün bu kodu daxil edin:' },
    en: { subject: 'Your sign-in code', intro: 'Enter this code to sign in to your account:' },
    ru: { subject: 'Код для входа', intro: 'Введите этот код, чтобы войти в аккаунт:' },
  },
  reset_password: {
    az: { subject: 'Şifrənin bərpası', intro: 'Yeni şifrə təyin etmək üçün bu kodu daxil edin:' },
    en: { subject: 'Reset your password', intro: 'Enter this code to set a new password:' },
    ru: { subject: 'Сброс пароля', intro: 'Введите этот код, чтобы задать новый пароль:' },
  },
};

const FOOTER: Record<Language, string> = {
  az: 'Kod 10 dəqiqə etibarlıdır. Bu sorğunu siz göndərməmisinizsə, məktubu nəzərə almayın.',
  en: 'The code is valid for 10 minutes. If you did not ask for it, ignore this email.',
  ru: 'Код действует 10 минут. Если вы его не запрашивали, просто проигнорируйте письмо.',
};

export function codeMail(to: string, purpose: CodePurpose, code: string, language: Language): MailMessage {
  const { subject, intro } = TEXTS[purpose][language];
  const footer = FOOTER[language];
  return {
    to,
    subject: `${subject}: ${code}`,
    text: `${intro}\n\n${code}\n\n${footer}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:${MAIL_FONT};color:#1a1b1e">
<p>${intro}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p style="color:#666;font-size:13px">${footer}</p>
</body></html>`,
  };
}
