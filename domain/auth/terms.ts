/**
 * The terms of use (spec 3 §2 'Terms and conditions', §5 'Terms of use must be accepted'). A
 * sign-up or a completed invitation sends the version it showed; the server stores the
 * acceptance (user, version, time, address) and refuses any other version. A new text is a new
 * version: change both together, so every acceptance names the text it accepted.
 */
import type { Lang } from '../errors/entry';

export const TERMS_VERSION = '2026-11-25';

export interface TermsSection {
  title: string;
  body: string;
}

export const TERMS_OF_USE: Record<Lang, { title: string; sections: TermsSection[] }> = {
  'pt-BR': {
    title: 'Termos de uso',
    sections: [
      {
        title: '1. O serviço',
        body: 'A plataforma armazena estudos de imagem médica e veterinária e permite escrever, revisar, assinar e entregar laudos. Ela é oferecida às contas (clínicas, hospitais e serviços) que contratam o serviço e aos usuários que essas contas autorizam.',
      },
      {
        title: '2. Sua conta de usuário',
        body: 'Seu usuário é pessoal e intransferível. Você é responsável por manter sua senha em sigilo, por usar a autenticação em dois fatores quando exigida e por avisar o administrador da sua conta se suspeitar de uso indevido. O acesso às instituições é concedido pelo administrador da conta.',
      },
      {
        title: '3. Dados de pacientes',
        body: 'Os estudos e laudos contêm dados pessoais sensíveis protegidos pela Lei Geral de Proteção de Dados (Lei 13.709/2018) e pelo sigilo profissional. Acesse apenas o que for necessário ao seu trabalho; todo acesso e toda alteração ficam registrados.',
      },
      {
        title: '4. Seus dados',
        body: 'Guardamos seu nome, usuário, e-mail, celular, CPF e, quando informado, o conselho profissional, para identificá-lo, assinar laudos em seu nome e enviar avisos da plataforma. Registramos também a versão destes termos que você aceitou e quando.',
      },
      {
        title: '5. Assinatura de laudos',
        body: 'Um laudo assinado com seu certificado digital tem validade jurídica. Assine somente laudos que você escreveu ou revisou.',
      },
      {
        title: '6. Alterações',
        body: 'Estes termos podem mudar; a nova versão será apresentada para aceite. O uso continuado depende da aceitação da versão vigente.',
      },
    ],
  },
  en: {
    title: 'Terms of use',
    sections: [
      {
        title: '1. The service',
        body: 'The platform stores medical and veterinary imaging studies and lets you write, review, sign and deliver reports. It is offered to the accounts (clinics, hospitals and services) that subscribe to it and to the users those accounts authorise.',
      },
      {
        title: '2. Your user account',
        body: 'Your user is personal and may not be shared. You are responsible for keeping your password secret, for using two-factor authentication when required, and for telling your account administrator if you suspect misuse. Access to institutions is granted by the account administrator.',
      },
      {
        title: '3. Patient data',
        body: "Studies and reports hold sensitive personal data protected by Brazil's General Data Protection Law (Law 13.709/2018) and by professional secrecy. Reach only what your work needs; every access and every change is recorded.",
      },
      {
        title: '4. Your data',
        body: 'We keep your name, username, e-mail, mobile, CPF and, when given, your professional council, to identify you, sign reports in your name and send you the platform’s notices. We also record which version of these terms you accepted and when.',
      },
      {
        title: '5. Signing reports',
        body: 'A report signed with your digital certificate is legally binding. Sign only reports you wrote or reviewed.',
      },
      {
        title: '6. Changes',
        body: 'These terms may change; the new version will be shown for acceptance. Continued use depends on accepting the current version.',
      },
    ],
  },
  es: {
    title: 'Términos de uso',
    sections: [
      {
        title: '1. El servicio',
        body: 'La plataforma almacena estudios de imagen médica y veterinaria y permite escribir, revisar, firmar y entregar informes. Se ofrece a las cuentas (clínicas, hospitales y servicios) que contratan el servicio y a los usuarios que esas cuentas autorizan.',
      },
      {
        title: '2. Su cuenta de usuario',
        body: 'Su usuario es personal e intransferible. Usted es responsable de mantener su contraseña en secreto, de usar la autenticación de dos factores cuando se exija y de avisar al administrador de su cuenta si sospecha de un uso indebido. El acceso a las instituciones lo concede el administrador de la cuenta.',
      },
      {
        title: '3. Datos de pacientes',
        body: 'Los estudios e informes contienen datos personales sensibles protegidos por la Ley General de Protección de Datos de Brasil (Ley 13.709/2018) y por el secreto profesional. Acceda solo a lo que su trabajo necesita; todo acceso y todo cambio quedan registrados.',
      },
      {
        title: '4. Sus datos',
        body: 'Guardamos su nombre, usuario, correo, celular, CPF y, cuando se informa, el consejo profesional, para identificarlo, firmar informes en su nombre y enviarle los avisos de la plataforma. Registramos también la versión de estos términos que usted aceptó y cuándo.',
      },
      {
        title: '5. Firma de informes',
        body: 'Un informe firmado con su certificado digital tiene validez jurídica. Firme solo informes que usted escribió o revisó.',
      },
      {
        title: '6. Cambios',
        body: 'Estos términos pueden cambiar; la nueva versión se presentará para su aceptación. El uso continuado depende de aceptar la versión vigente.',
      },
    ],
  },
};
