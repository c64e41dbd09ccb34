/** The share code of `/authentication/:auth`, which is not case-sensitive (SPEC §2). */
export const normalizeShareCode = (auth: string | undefined): string => (auth ?? '').trim().toLowerCase();
