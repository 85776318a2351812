import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError } from "#client/lib/api-client.ts";
import { useState } from "react";
import { type SocialProvider, startSocialSignIn } from "../api/auth-actions.ts";
import { providerNotConfiguredMessage, socialErrorMessage } from "../api/auth-errors.ts";
import { providersQueryOptions } from "../api/providers.ts";
import { GoogleIcon, XIcon } from "./auth-icons.tsx";

const PROVIDERS = [
  { id: "google", label: "Sign in with Google", Icon: GoogleIcon },
  { id: "twitter", label: "Sign in with X (Twitter)", Icon: XIcon },
] as const satisfies readonly { id: SocialProvider; label: string; Icon: () => React.ReactNode }[];

/**
 * The identity-provider buttons. A provider the server has no keys for says so
 * when pressed instead of failing somewhere on the provider's side.
 */
export function ProviderButtons({ initialMessage }: { initialMessage: string | null }) {
  const queryClient = useQueryClient();
  // Asked for up front, so a press can answer at once.
  useQuery(providersQueryOptions());
  const [message, setMessage] = useState<string | null>(initialMessage);

  const start = useMutation({
    mutationFn: startSocialSignIn,
    onMutate: () => setMessage(null),
    onSuccess: (url) => window.location.assign(url),
    onError: (error, provider) => {
      console.error(`${provider} sign-in failed`, error);
      setMessage(
        error instanceof ApiClientError && error.code === "PROVIDER_NOT_FOUND"
          ? providerNotConfiguredMessage(provider)
          : socialErrorMessage(provider, null),
      );
    },
  });

  const onPress = async (provider: SocialProvider) => {
    // Cached after the first answer; if it cannot be read, let the server decide.
    const configured = await queryClient.ensureQueryData(providersQueryOptions()).catch(() => undefined);
    if (configured && !configured[provider]) {
      setMessage(providerNotConfiguredMessage(provider));
      return;
    }
    start.mutate(provider);
  };

  return (
    <div className="auth-providers">
      {PROVIDERS.map(({ id, label, Icon }) => (
        <button
          key={id}
          type="button"
          className={`btn auth-button auth-button-${id}`}
          onClick={() => void onPress(id)}
          disabled={start.isPending}
        >
          <Icon />
          <span>{start.isPending && start.variables === id ? "Redirecting..." : label}</span>
        </button>
      ))}
      {message && (
        <p className="auth-message auth-message-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
