import { useEffect, useState } from "react";
import { ASSOCIATION } from "~/kernel/layout/association";

/** The event Chromium fires when the site can be installed (not yet in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** 'Install MMA App': shown only when the browser offers installation; hidden on Cancel, Install, or once installed. */
export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!offer) return null;
  return (
    <section className="install-prompt" aria-label="Install the app">
      <h2 className="install-prompt-title">Install {ASSOCIATION.appName}</h2>
      <div className="install-prompt-actions">
        <button type="button" className="button button-secondary" onClick={() => setOffer(null)}>
          Cancel
        </button>
        <button
          type="button"
          className="button"
          onClick={async () => {
            const event = offer;
            setOffer(null);
            await event.prompt();
          }}
        >
          Install
        </button>
      </div>
    </section>
  );
}
