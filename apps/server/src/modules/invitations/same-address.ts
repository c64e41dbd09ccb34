import { isIPv4, isIPv6 } from 'node:net';

/** `a.b.c.d` as the two 16-bit groups it fills in an IPv6 address. */
const ipv4Groups = (text: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = text.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};

/** The eight 16-bit groups of a valid IPv6 address (`::` filled, an IPv4 tail turned into two). */
const ipv6Groups = (text: string): number[] => {
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  const hex = isIPv4(tail) ? `${text.slice(0, lastColon + 1)}${ipv4Groups(tail).join(':')}` : text;
  const [head = '', rest] = hex.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = Array(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...(rest === undefined ? [] : zeros), ...restGroups].map((group) =>
    Number.parseInt(group, 16),
  );
};

/**
 * What counts as one client address when an invited customer is compared with the inviter
 * (issue #20): an IPv4 address as it is (also when written IPv4-mapped, `::ffff:a.b.c.d`), an
 * IPv6 address by its /64 (one household or one machine gets a whole /64), anything else as
 * written. Null for no address.
 */
export const addressKey = (ip: string | null | undefined): string | null => {
  if (!ip) return null;
  const text = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return text || null;
  const groups = ipv6Groups(text);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};

/** Whether `ip` is one of `others` by {@link addressKey}; false when `ip` is unknown. */
export const isSameAddress = (ip: string | null | undefined, others: (string | null | undefined)[]) => {
  const key = addressKey(ip);
  return key !== null && others.some((other) => addressKey(other) === key);
};
