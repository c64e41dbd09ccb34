/** Texts of the bulletins shown in the signed-in console (`features/bulletins`), loaded with them. */
export const bulletins = {
  'bulletins.region': 'Объявления',
  'bulletins.close': 'Закрыть объявление',
  'bulletins.publishedAt': 'Опубликовано {{time}}',
};
