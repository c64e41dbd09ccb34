/**
 * How the invitation page names a referee without giving them away (issue #20): the first
 * characters of an email's name and the whole domain, a phone's last four digits, or a name's
 * first characters; everything else is stars.
 */
const keep = (text: string) => {
  const chars = [...text];
  const shown = chars.length <= 2 ? 1 : 2;
  return `${chars.slice(0, shown).join('')}***`;
};

/** `jo***@example.com`, `+******1234`, `ma***`. */
export const maskInvitee = (invitee: { email: string | null; phone: string | null; username: string }) => {
  if (invitee.email) {
    const at = invitee.email.lastIndexOf('@');
    if (at > 0) return `${keep(invitee.email.slice(0, at))}${invitee.email.slice(at)}`;
  }
  if (invitee.phone) return `${'*'.repeat(Math.max(invitee.phone.length - 4, 3))}${invitee.phone.slice(-4)}`;
  return keep(invitee.username);
};

/**
 * An email's mailbox, the way the big providers deliver it: lower case, without a `+tag`, and
 * for Gmail without dots (`J.Doe+x@googlemail.com` → `jdoe@gmail.com`). Two accounts with the
 * same mailbox are one person as far as referral rewards go.
 */
export const mailboxOf = (email: string) => {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') name = name.replaceAll('.', '');
  return `${name}@${domain}`;
};
