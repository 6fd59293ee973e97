import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/Button";
import { cameraErrorMessage, codeToLookUp, nativeDetector, type DetectorLike } from "./camera-scan";
import styles from "./Diary.module.css";

/** The browser's own detector, else the ZXing reader, loaded now (its own chunk and wasm). */
async function barcodeDetector(): Promise<DetectorLike> {
  return (await nativeDetector()) ?? (await import("./zxing-detector")).zxingDetector();
}

/** How often a frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const SCAN_INTERVAL_MS = 250;

/**
 * The camera's picture, read for a barcode with the browser's BarcodeDetector or, without one, the ZXing reader
 * (docs/decisions/068); loaded only when "Scan with camera" is pressed. The first valid code stops the camera and is handed on to the lookup.
 */
export function CameraScan({ onDetected, onClose }: { onDetected(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        const detector = await barcodeDetector();
        if (navigator.mediaDevices === undefined) throw new DOMException("no camera", "NotFoundError");
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
        if (stopped || video.current === null) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        timer = setInterval(() => {
          if (video.current === null || stopped) return;
          void detector.detect(video.current).then((found) => {
            const code = codeToLookUp(found.map((barcode) => barcode.rawValue));
            if (code === undefined || stopped) return;
            stop();
            onDetected(code);
          });
        }, SCAN_INTERVAL_MS);
      } catch (failure) {
        setError(cameraErrorMessage(failure));
      }
    })();
    return stop;
  }, [onDetected]);
  return (
    <div className={styles.quick}>
      {error === null ? (
        <>
          <video ref={video} className={styles.camera} muted playsInline aria-label="Camera picture" />
          <p className={styles.hint} role="status">
            Hold the barcode inside the picture.
          </p>
        </>
      ) : (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <Button variant="secondary" onClick={onClose}>
        Stop the camera
      </Button>
    </div>
  );
}
