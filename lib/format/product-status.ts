/**
 * "ACTIVATE" → "Active", "DEACTIVATE" → "Inactive"; other statuses in plain words. One wording for
 * the SKU costs page and its CSV, so a seller never compares "Active" with "ACTIVATE".
 */
export function productStatusLabel(status: string): { label: string; active: boolean } {
  const upper = status.toUpperCase();
  if (upper === 'ACTIVATE' || upper === 'ACTIVE') return { label: 'Active', active: true };
  if (upper === 'DEACTIVATE' || upper === 'INACTIVE') return { label: 'Inactive', active: false };
  const words = status.toLowerCase().replaceAll('_', ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), active: false };
}
