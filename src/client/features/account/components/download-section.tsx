import { useState } from "react";
import { refusalText, useDownloadMyData } from "../api/account-api.ts";
import { AccountSection } from "./account-section.tsx";

const FAILED = "Failed to prepare your data. Please try again.";

/** One JSON file of everything the member has here (docs/product.md, Your account). */
export function DownloadSection() {
  const download = useDownloadMyData();
  const [error, setError] = useState<string | null>(null);
  return (
    <AccountSection
      title="Download your data"
      intro="One JSON file with your profile, your lists and their entries, your comments, the votes, upvotes and favourites you gave, your Global Rankings votes and your notifications."
    >
      <div className="account-actions">
        <button
          type="button"
          className="btn"
          disabled={download.isPending}
          onClick={() => {
            setError(null);
            download.mutate(undefined, { onError: (err) => setError(refusalText(err, FAILED)) });
          }}
        >
          {download.isPending ? "Preparing..." : "Download My Data"}
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </AccountSection>
  );
}
