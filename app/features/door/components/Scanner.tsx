import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PENDING_TEXT } from "~/kernel/forms";
import { doorHref } from "~/features/door/door";

/**
 * START SCAN: the rear camera in a <video>, a frame read every 200 ms until a QR code is
 * found, then the camera stops and the page loads ?code=<what was read> with the chosen
 * event (the same path as the manual field). The browser's own BarcodeDetector is used
 * when it reads QR codes; otherwise the ZXing WASM ponyfill is loaded on this first press
 * (ADR 0019).
 * Without JavaScript the button stays disabled and the manual field does the work.
 */

interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

const SCAN_EVERY_MS = 200;

export const CAMERA_REFUSED = "Camera access was refused. Type the ticket code in the Ticket code field instead.";
export const NO_CAMERA = "No camera is available here. Type the ticket code in the Ticket code field instead.";
export const SCANNER_FAILED = "The scanner could not start. Type the ticket code in the Ticket code field instead.";

async function qrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes("qr_code")) return new Native({ formats: ["qr_code"] });
  } catch {
    // Fall through to the ponyfill.
  }
  const { createQrDetector } = await import("./zxing-detector.client");
  return createQrDetector();
}

function cameraMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return CAMERA_REFUSED;
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError") return NO_CAMERA;
  return SCANNER_FAILED;
}

/**
 * The camera and the WebAssembly reader are granted by this page's own document headers
 * (Permissions-Policy and CSP, docs/decisions/0024). Reached by a client-side navigation
 * (the back-office menu, the redirect after signing in), the document is still the
 * previous page's, which grants neither.
 */
function isOwnDocument(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  return !entry || new URL(entry.name).pathname === window.location.pathname;
}

export function Scanner({ event }: { event: string }) {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  /** False once the scanner is gone: a camera that arrives after that is stopped at once. */
  const mounted = useRef(true);
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<"idle" | "starting" | "scanning">("idle");
  const [message, setMessage] = useState<string | null>(null);

  const stop = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };

  useEffect(() => {
    if (!isOwnDocument()) {
      window.location.reload();
      return;
    }
    mounted.current = true;
    setHydrated(true);
    // Leaving the page (or React unmounting the scanner) turns the camera off.
    return () => {
      mounted.current = false;
      stop();
    };
  }, []);

  async function start() {
    setMessage(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setMessage(NO_CAMERA);
      return;
    }
    setState("starting");
    try {
      // The camera and the detector start together; the stream is kept as soon as it
      // exists, so any failure (the detector's .wasm, play()) or leaving the page stops it.
      const [camera, reader] = await Promise.allSettled([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false }),
        qrDetector(),
      ]);
      if (camera.status === "fulfilled") stream.current = camera.value;
      if (!mounted.current) {
        stop();
        return;
      }
      if (camera.status === "rejected") throw camera.reason;
      if (reader.status === "rejected") {
        console.error("The QR reader could not start:", reader.reason);
        throw new Error("scanner");
      }
      const detector = reader.value;
      const media = camera.value;
      const element = video.current!;
      element.srcObject = media;
      await element.play();
      setState("scanning");
      const tick = async () => {
        if (!stream.current) return;
        try {
          const [code] = element.readyState >= 2 ? await detector.detect(element) : [];
          const text = code?.rawValue.trim();
          if (text) {
            stop();
            setState("idle");
            navigate(doorHref({ event, code: text }));
            return;
          }
        } catch {
          // A frame that cannot be read: try the next one.
        }
        if (stream.current) timer.current = window.setTimeout(tick, SCAN_EVERY_MS);
      };
      void tick();
    } catch (error) {
      stop();
      setState("idle");
      setMessage(cameraMessage(error));
    }
  }

  function cancel() {
    stop();
    setState("idle");
  }

  return (
    <div className="door-scanner">
      <div className="door-scanner-actions">
        {state === "scanning" ? (
          <button type="button" className="button door-button" onClick={cancel}>
            STOP SCAN
          </button>
        ) : (
          <button type="button" className="button door-button" onClick={start} disabled={!hydrated || state === "starting"}>
            {state === "starting" ? PENDING_TEXT : "START SCAN"}
          </button>
        )}
      </div>
      <noscript>
        <p className="door-note">The camera needs JavaScript. Type the ticket code below.</p>
      </noscript>
      {message ? (
        <p className="door-message door-message-error" role="alert">
          {message}
        </p>
      ) : null}
      <video ref={video} className="door-video" hidden={state !== "scanning"} muted playsInline aria-label="Camera view for scanning a ticket's QR code" />
    </div>
  );
}
