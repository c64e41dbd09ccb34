/** Texts of the bulletins shown in the signed-in console (`features/bulletins`), loaded with them. */
export const bulletins = {
  'bulletins.region': 'Bulletins',
  'bulletins.close': 'Close this bulletin',
  'bulletins.publishedAt': 'Published {{time}}',
};
