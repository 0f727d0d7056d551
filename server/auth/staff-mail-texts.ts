/**
 * The words of the mails staff get about their account (an invitation, a link to choose a new
 * password), in the three languages of the editor. Server-side only: the editor never shows them,
 * so they stay out of its catalogues (and of its first screen). ICU messages, apostrophes as ’.
 */
const en = {
  'role.editor': 'an editor',
  'role.admin': 'an administrator',
  'invite.subject': 'Invitation to the website editor of {agency}',
  'invite.text':
    'Hello {name},\n\n{by} invites you to work on the website of {agency} as {role}.\n\nChoose your password with this link. It works once, for {hours} hours:\n{link}\n\nAfterwards you log in at {login} with your e-mail address ({username}) and that password.\n\nIf you did not expect this mail, you can ignore it: nothing happens without the link.',
  'reset.subject': 'Choose a new password for the website editor of {agency}',
  'reset.text':
    'Hello {name},\n\n{by} sent you a link to choose a new password for the website editor of {agency}. It works once, for {hours} hours:\n{link}\n\nUntil you choose a new one, your current password keeps working. Once the new one is saved, you are logged out on other computers. You log in at {login}.\n\nIf you did not expect this mail, tell {by}.',
};
export type StaffMailKey = keyof typeof en;

const fr: Record<StaffMailKey, string> = {
  'role.editor': 'rédacteur',
  'role.admin': 'administrateur',
  'invite.subject': 'Invitation à l’éditeur du site {agency}',
  'invite.text':
    'Bonjour {name},\n\n{by} vous invite à travailler sur le site {agency} comme {role}.\n\nChoisissez votre mot de passe avec ce lien. Il fonctionne une fois, pendant {hours} heures :\n{link}\n\nEnsuite, vous vous connectez sur {login} avec votre adresse e-mail ({username}) et ce mot de passe.\n\nSi vous n’attendiez pas cet e-mail, vous pouvez l’ignorer : rien ne se passe sans le lien.',
  'reset.subject': 'Choisissez un nouveau mot de passe pour l’éditeur du site {agency}',
  'reset.text':
    'Bonjour {name},\n\n{by} vous a envoyé un lien pour choisir un nouveau mot de passe pour l’éditeur du site {agency}. Il fonctionne une fois, pendant {hours} heures :\n{link}\n\nTant que vous n’en avez pas choisi un nouveau, votre mot de passe actuel reste valable. Une fois le nouveau enregistré, vous êtes déconnecté sur les autres ordinateurs. Vous vous connectez sur {login}.\n\nSi vous n’attendiez pas cet e-mail, prévenez {by}.',
};

const nl: Record<StaffMailKey, string> = {
  'role.editor': 'redacteur',
  'role.admin': 'beheerder',
  'invite.subject': 'Uitnodiging voor de website-editor van {agency}',
  'invite.text':
    'Beste {name},\n\n{by} nodigt u uit om als {role} aan de website van {agency} te werken.\n\nKies uw wachtwoord met deze link. Hij werkt één keer, gedurende {hours} uur:\n{link}\n\nDaarna meldt u zich aan op {login} met uw e-mailadres ({username}) en dat wachtwoord.\n\nHebt u deze e-mail niet verwacht, dan kunt u hem negeren: zonder de link gebeurt er niets.',
  'reset.subject': 'Kies een nieuw wachtwoord voor de website-editor van {agency}',
  'reset.text':
    'Beste {name},\n\n{by} heeft u een link gestuurd om een nieuw wachtwoord te kiezen voor de website-editor van {agency}. Hij werkt één keer, gedurende {hours} uur:\n{link}\n\nTot u een nieuw wachtwoord kiest, blijft uw huidige werken. Zodra het nieuwe is opgeslagen, wordt u op andere computers afgemeld. U meldt zich aan op {login}.\n\nHebt u deze e-mail niet verwacht, laat het dan weten aan {by}.',
};

export const STAFF_MAIL_TEXTS = { en, fr, nl };
