/** An IPv4 pattern such as 69.32.3.* (`*` for any octet) as an anchored regular expression. */
export const ipPatternRegex = (pattern: string) =>
  `^${pattern
    .split('.')
    .map((octet) => (octet === '*' ? '[0-9]{1,3}' : octet.replace(/[^0-9]/g, '')))
    .join('\\.')}$`;
