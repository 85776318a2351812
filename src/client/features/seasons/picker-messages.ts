/** The picker's create-mode hints: one for a pointer, one for touch (docs/product.md, Season picker). */
export const CREATE_HINT =
  "Click contestants to add them to your ranking list or drag them for precise positioning.";
/** On phones the picker does not drag (the sheet scrolls instead): the hint says what a tap does. */
export const CREATE_HINT_TOUCH =
  "Tap contestants to add them to the end of your ranking. Move them with the arrows, or hold a row and drag it.";
