/**
 * Passwords, lockout and reset (issue 13; spec 3 §5 and §8). PASSWORD_EXPIRED is a login code
 * of §8; 'Senhas diferentes' is §5's wording for a confirmation that does not match.
 */
import type { ErrorEntry } from './entry';

export const passwordErrors = {
  PASSWORD_EXPIRED: {
    status: 403,
    message: {
      'pt-BR': 'Sua senha expirou. Enviamos um e-mail para você cadastrar uma nova senha.',
      en: 'Your password has expired. We sent you an e-mail to set a new password.',
      es: 'Su contraseña expiró. Le enviamos un correo para registrar una nueva contraseña.',
    },
  },
  PASSWORD_WEAK: {
    status: 400,
    message: {
      'pt-BR': 'A senha deve ter no mínimo 8 caracteres, com ao menos 1 caractere especial, 1 número e 1 letra maiúscula.',
      en: 'The password must have at least 8 characters, with at least 1 special character, 1 number and 1 uppercase letter.',
      es: 'La contraseña debe tener al menos 8 caracteres, con al menos 1 carácter especial, 1 número y 1 letra mayúscula.',
    },
  },
  PASSWORDS_DIFFERENT: {
    status: 400,
    message: { 'pt-BR': 'Senhas diferentes', en: 'Passwords must be equal', es: 'Las contraseñas no coinciden' },
  },
  PASSWORD_REUSED: {
    status: 400,
    message: {
      'pt-BR': 'A senha não pode repetir uma das últimas senhas',
      en: 'The password may not repeat one of the last passwords',
      es: 'La contraseña no puede repetir una de las últimas contraseñas',
    },
  },
  WRONG_CURRENT_PASSWORD: {
    status: 400,
    message: {
      'pt-BR': 'A senha atual está incorreta.',
      en: 'The current password is wrong.',
      es: 'La contraseña actual es incorrecta.',
    },
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Link de redefinição de senha inválido, expirado ou já utilizado. Solicite um novo.',
      en: 'Password reset link invalid, expired or already used. Request a new one.',
      es: 'Enlace de restablecimiento de contraseña inválido, expirado o ya utilizado. Solicite uno nuevo.',
    },
  },
  CALLBACK_URL_NOT_ALLOWED: {
    status: 400,
    message: {
      'pt-BR': 'Endereço de retorno não permitido.',
      en: 'Return address not allowed.',
      es: 'Dirección de retorno no permitida.',
    },
  },
} satisfies Record<string, ErrorEntry>;
