import { apiUrls } from "@/lib/api/client-routes";

/** Last segment of a stored file's path. */
export function basename(path: string): string {
  return path.split(/[\\/]/).pop() || "file";
}

/** The file-name hint the files API accepts ([\w.@+-]); anything else becomes "_". */
export function downloadName(path: string): string {
  return (
    basename(path)
      .replace(/[^\w.@+-]/g, "_")
      .slice(0, 200) || "file"
  );
}

/** The download URL of a stored raw file. */
export function fileUrl(sha256: string, path: string): string {
  return apiUrls.file(sha256, downloadName(path));
}
