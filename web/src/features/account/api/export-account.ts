import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { errorText, toastError } from '@/lib/toast';
import { accountTexts } from '../texts';

export type AccountExport = paths['/account/export']['get']['responses'][200]['content']['application/json'];

export async function exportAccount(): Promise<AccountExport> {
  return unwrap(await api.GET('/account/export'));
}

/** Saves the export as swaz-data-YYYY-MM-DD.json. */
function download(data: AccountExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `swaz-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportAccount() {
  return useMutation({
    mutationFn: exportAccount,
    onSuccess: download,
    onError: (error) => toastError(errorText(error, accountTexts.data.downloadFailed)),
  });
}
