/** Texts of the bulletins shown in the signed-in console (`features/bulletins`), loaded with them. */
export const bulletins = {
  'bulletins.region': '公告',
  'bulletins.close': '关闭此公告',
  'bulletins.publishedAt': '发布于 {{time}}',
};
