/** Texts of the home page (docs/product.md, Home page and reference lists), exactly as written there. */
export const HOME_MESSAGES = {
  loading: "Loading rankings...",
  topWeekTitle: "Top Voted Lists This Week",
  topWeekEmpty: "No voted lists found this week",
  recentTitle: "Recently Created Lists",
  recentEmpty: "No recent lists found",
  favoritesTitle: "Your Favorite Lists",
  favoritesLoading: "Loading favorites...",
  favoritesEmpty:
    "You haven't favorited any lists yet. Click the star icon on lists you like to add them here!",
  loadFailed: "Failed to load lists. Please try again later.",
} as const;

/** Texts of the reference lists block. */
export const REFERENCE_MESSAGES = {
  title: "Our Rankings",
  intro: "The site team's own picks, kept up to date as the seasons go by.",
  empty: "Nothing ranked here yet.",
  saveFailed: "Failed to save the rankings. Please try again.",
  saving: "Saving...",
  saved: "Saved",
  editHint:
    "Click contestants in the Survivor Seasons panel to add them to this list, or drag them into place. Empty lists are hidden from visitors until you fill them.",
  editHintMobile:
    "Tap a contestant in the seasons menu to add it to this list. Hold a row to drag it. Empty lists are hidden from visitors until you fill them.",
  openPicker: "Add seasons or contestants",
} as const;
