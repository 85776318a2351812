import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import {
  newPasswordErrorMessage,
  resetRequestErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
  socialErrorMessage,
} from "./auth-errors.ts";

const err = (status: number, code: string, message = "server text") =>
  new ApiClientError(status, code, message);

describe("auth error texts", () => {
  it("maps sign-up failures to the product's texts", () => {
    expect(signUpErrorMessage(err(422, "USER_ALREADY_EXISTS"))).toBe(
      "Email already in use. Please sign in instead.",
    );
    expect(signUpErrorMessage(err(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"))).toBe(
      "Email already in use. Please sign in instead.",
    );
    expect(signUpErrorMessage(err(400, "PASSWORD_TOO_SHORT"))).toBe(
      "Password is too weak. Please use a stronger password.",
    );
    expect(signUpErrorMessage(err(400, "PASSWORD_TOO_LONG"))).toBe(
      "Password is too weak. Please use a stronger password.",
    );
    expect(signUpErrorMessage(err(400, "VALIDATION_ERROR"))).toBe("Sign-up failed. Please try again.");
    expect(signUpErrorMessage(new Error("network"))).toBe("Sign-up failed. Please try again.");
  });

  it("maps sign-in failures to the product's texts", () => {
    expect(signInErrorMessage(err(401, "INVALID_PASSWORD"))).toBe("Incorrect password. Please try again.");
    expect(signInErrorMessage(err(401, "USER_NOT_FOUND"))).toBe(
      "No account found with this email. Please sign up.",
    );
    expect(signInErrorMessage(err(500, "INTERNAL"))).toBe("Sign-in failed. Please try again.");
  });

  it("shows a rate limit's own text", () => {
    const limited = err(
      429,
      "RATE_LIMITED",
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
    expect(signInErrorMessage(limited)).toBe(limited.message);
    expect(signUpErrorMessage(limited)).toBe(limited.message);
    expect(resetRequestErrorMessage(limited)).toBe(limited.message);
    expect(newPasswordErrorMessage(limited)).toBe(limited.message);
  });

  it("maps a failed reset request to the product's text", () => {
    expect(resetRequestErrorMessage(err(500, "INTERNAL"))).toBe(
      "Failed to send password reset email. Please try again.",
    );
  });

  it("has texts for X (Twitter) failures only; Google's are only logged", () => {
    expect(socialErrorMessage("twitter", "account_not_linked")).toBe(
      "An account already exists with this email using a different sign-in method. Please sign in with Google or the method you used previously.",
    );
    expect(socialErrorMessage("twitter", null)).toBe(
      "Twitter sign-in failed. Please try again or use a different method.",
    );
    expect(socialErrorMessage("google", "access_denied")).toBeNull();
  });
});
