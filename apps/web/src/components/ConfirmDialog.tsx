import type { ReactNode } from "react";
import { Button } from "./Button";
import { Modal } from "./Modal";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The button that goes ahead; it names the action ("Yes, reset Day 2"), never just "OK". */
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
}

/**
 * Asks before a destructive action that cannot be undone (a reset replaces the stored plan for good).
 * Cancel comes first and Escape or the backdrop cancel too, so the safe answer is the easy one.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
