// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LIMITS } from "#shared/limits.ts";
import { PasswordField } from "./password-field.tsx";

describe("PasswordField", () => {
  afterEach(cleanup);

  it("is a required, labelled password input that reports each change", () => {
    const onChange = vi.fn();
    render(
      <PasswordField
        id="pw"
        label="Password"
        name="password"
        autoComplete="current-password"
        value=""
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText("Password");
    expect(input.getAttribute("type")).toBe("password");
    expect(input.getAttribute("name")).toBe("password");
    expect(input.getAttribute("autocomplete")).toBe("current-password");
    expect(input.hasAttribute("required")).toBe(true);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText(/characters\./)).toBeNull();
    fireEvent.change(input, { target: { value: "secret" } });
    expect(onChange).toHaveBeenCalledWith("secret");
  });

  it("describes the input with the minimum length when asked", () => {
    render(
      <PasswordField
        id="pw"
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        showLengthHint
        value=""
        onChange={() => {}}
      />,
    );
    const hint = screen.getByText(`At least ${LIMITS.passwordMin} characters.`);
    expect(screen.getByLabelText("New Password").getAttribute("aria-describedby")).toBe(hint.id);
  });
});
