// Business limits and timers (docs/product.md, Limits and timers). One source for
// the server's validators and the client's forms.
export const LIMITS = {
  usernameMax: 30,
  commentMax: 500,
  listNameMax: 50,
  listDescriptionMax: 200,
  listItemsMax: 1000,
  // A bound on what one account can make the server hold and page through.
  listsPerUser: 500,
  browsePageSize: 12,
  homeBlockSize: 3,
  cardPreviewEntries: 3,
  notificationsShown: 10,
  shareEntries: 5,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const TIMERS_MS = {
  deleteConfirm: 5000,
  usernameSuccess: 3000,
  submitSuccess: 3000,
  submitError: 5000,
  mixError: 3000,
  idolToast: 3000,
  favoriteToast: 2000,
  draftAutosave: 2000,
  postLoginRedirect: 500,
  transitionClose: 550,
  transitionDelay: 50,
  transitionOpen: 650,
  rerollCooldown: 24 * 60 * 60 * 1000,
  rerollRefresh: 60 * 1000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const IDOL_CHANCE = 0.05;
