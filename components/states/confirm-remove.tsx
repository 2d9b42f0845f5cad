/** A row's "Remove?" step: what removing does, Remove (disabled while a change runs) and Keep. */
export function ConfirmRemove({
  label,
  warning,
  pending,
  onRemove,
  onKeep,
}: {
  /** The group's accessible name, e.g. "Remove Ops team". */
  label: string;
  warning: string;
  pending: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="row-actions alert-wrap" role="group" aria-label={label}>
      <span>{warning}</span>
      <button type="button" className="btn btn-small" disabled={pending} onClick={onRemove}>
        Remove
      </button>
      <button type="button" className="btn btn-small" onClick={onKeep}>
        Keep
      </button>
    </div>
  );
}
