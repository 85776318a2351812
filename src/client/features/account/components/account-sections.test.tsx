// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES, type AccountOverview } from "#shared/account.ts";
import { DeleteSection } from "./delete-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { SessionsSection } from "./sessions-section.tsx";

type Sent = { url: string; method: string; body: unknown };
let account: AccountOverview;
let sent: Sent[];
let answer: (sent: Sent) => { status: number; body?: unknown };

const session = (id: string, current: boolean, device = "Chrome on Windows") => ({
  id,
  device,
  ipAddress: "203.0.113.9",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-27T10:00:00.000Z",
  current,
});

beforeEach(() => {
  sent = [];
  account = {
    name: "Ann",
    email: "ann@example.com",
    hasPassword: true,
    providers: [],
    sessions: [session("s-here", true), session("s-phone", false, "Safari on iPhone")],
  };
  answer = () => ({ status: 204 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const request = { url, method, body: init?.body ? JSON.parse(String(init.body)) : null };
      const reply =
        url === "/api/me/account" && method === "GET"
          ? { status: 200, body: account }
          : (sent.push(request), answer(request));
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe("the password section", () => {
  it("checks the form before sending, then asks for the other sessions to end", async () => {
    renderWithQueries(<PasswordSection />);
    const button = await screen.findByRole("button", { name: "Change Password" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "old-password" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.click(button);
    expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_MESSAGES.newPasswordTooShort);
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a-long-new-one" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "a-long-new-two" } });
    fireEvent.click(button);
    expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_MESSAGES.passwordsDiffer);
    expect(sent).toEqual([]);

    answer = () => ({ status: 400, body: { code: "INVALID_PASSWORD", message: "Invalid password" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "a-long-new-one" } });
    fireEvent.click(button);
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(sent[0]).toEqual({
      url: "/api/auth/change-password",
      method: "POST",
      body: { currentPassword: "old-password", newPassword: "a-long-new-one", revokeOtherSessions: true },
    });

    answer = () => ({ status: 200, body: { token: null } });
    fireEvent.click(button);
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeTruthy();
  });

  it("says so instead of a form when the member has no password", async () => {
    account.hasPassword = false;
    renderWithQueries(<PasswordSection />);
    expect(await screen.findByText(ACCOUNT_MESSAGES.noPassword)).toBeTruthy();
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });
});

describe("the sessions section", () => {
  it("marks this device, and signs another out by its id", async () => {
    renderWithQueries(<SessionsSection />);
    expect(await screen.findByText("This device")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Sign out/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Sign out Safari on iPhone" }));
    await waitFor(() => expect(sent[0]).toMatchObject({ url: "/api/me/sessions/s-phone", method: "DELETE" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    await waitFor(() =>
      expect(sent[1]).toMatchObject({ url: "/api/auth/revoke-other-sessions", method: "POST" }),
    );
  });
});

describe("the delete section", () => {
  it("asks for the username and password, and says what the server refused", async () => {
    const onDeleted = vi.fn();
    renderWithQueries(<DeleteSection onDeleted={onDeleted} />);
    const open = await screen.findByRole("button", { name: "Delete My Account" });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const forever = screen.getByRole("button", { name: "Delete Forever" });
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "Anne" } });
    fireEvent.click(forever);
    expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_MESSAGES.wrongUsername);
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "Ann" } });
    fireEvent.click(forever);
    expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_MESSAGES.passwordRequired);
    expect(sent).toEqual([]);

    answer = () => ({
      status: 400,
      body: { error: { code: "INVALID_PASSWORD", message: ACCOUNT_MESSAGES.wrongPassword } },
    });
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "guess" } });
    fireEvent.click(forever);
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(onDeleted).not.toHaveBeenCalled();

    answer = () => ({ status: 204 });
    fireEvent.click(forever);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(sent.at(-1)).toEqual({
      url: "/api/me/account",
      method: "DELETE",
      body: { username: "Ann", password: "guess" },
    });
  });
});
