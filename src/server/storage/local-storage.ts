import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  assertFolder,
  assertKey,
  contentTypeOf,
  type FileStorage,
  STORAGE_KEY,
  StorageUnavailableError,
} from "./storage.ts";

/** Files under `root`; each written whole under a temporary name and renamed, so none is seen half-written. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, path);
      } catch (e) {
        await rm(temp, { force: true });
        throw e;
      }
    },
    async get(key) {
      try {
        return { body: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(folder) {
      assertFolder(folder);
      try {
        const names = await readdir(join(root, ...folder.split("/")));
        // Temporary files of a write in progress are not objects yet.
        return names.map((n) => folder + n).filter((key) => STORAGE_KEY.test(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw e;
      }
    },
    async check() {
      try {
        await mkdir(root, { recursive: true });
        await stat(root);
      } catch (e) {
        throw new StorageUnavailableError(`file storage at ${root} is not usable: ${(e as Error).message}`);
      }
    },
  };
}
