// "Download" on the list page (docs/product.md, List page, "Export and import"):
// the files are built in the browser from the list already shown.
import {
  type ExportableList,
  exportFileName,
  EXPORT_FORMATS,
  type ExportFormat,
  exportList,
} from "#shared/list-export.ts";

export const DOWNLOAD_MESSAGES = {
  button: "Download",
  menuLabel: "Download this list as",
  option: (label: string) => `${label} file`,
} as const;

export interface DownloadFile {
  fileName: string;
  type: string;
  content: string;
}

export function downloadFile(list: ExportableList, format: ExportFormat): DownloadFile {
  const { mime } = EXPORT_FORMATS.find((f) => f.format === format)!;
  return {
    fileName: exportFileName(list.name, format),
    type: `${mime};charset=utf-8`,
    content: exportList(list, format),
  };
}
