/**
 * Every discussion query lives under this root (features/discussion builds its
 * keys on it), so a change to a person shown in the comments (their picture)
 * can refresh them all from another feature.
 */
export const discussionRootKey = ["discussion"] as const;
