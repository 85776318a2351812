// Sign-in and sign-up texts that the server sends and the client shows verbatim
// (docs/product.md, Sign-in and accounts).
export const AUTH_MESSAGES = {
  emailInUse: "Email already in use. Please sign in instead.",
  weakPassword: "Password is too weak. Please use a stronger password.",
  signUpFailed: "Sign-up failed. Please try again.",
  wrongPassword: "Incorrect password. Please try again.",
  userNotFound: "No account found with this email. Please sign up.",
  signInFailed: "Sign-in failed. Please try again.",
  passwordsDiffer: "Passwords do not match.",
  resetNeedsEmail: "Please enter your email address to reset your password.",
  resetSent: "Password reset email sent. Check your inbox for instructions.",
  resetFailed: "Failed to send password reset email. Please try again.",
  twitterExists:
    "An account already exists with this email using a different sign-in method. Please sign in with Google or the method you used previously.",
  twitterFailed: "Twitter sign-in failed. Please try again or use a different method.",
} as const;
