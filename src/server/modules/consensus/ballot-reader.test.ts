import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { castaways, lists, submissions, user } from "#server/db/schema/index.ts";
import { createTestApp } from "#testing/test-app.ts";
import { rankingOf } from "../lists/lists.service.ts";
import { createBallotReader } from "./ballot-reader.ts";
import { type JobLists, jobLists, listBuffers } from "./compute-consensus.ts";
import { SeededRandom } from "./model/random.ts";

// The kept ballots, told only which members changed, must read exactly what
// a reader starting from nothing reads, after any mix of changes. Runs on
// PGlite, and on PostgreSQL in the postgres project.

const t = await createTestApp({ consensus: { debounceMs: 3_600_000, retryMs: 3_600_000 } });
afterAll(() => t.close());
const { db } = t.database;

const SEASONS = Array.from({ length: 50 }, (_, i) => `s${i + 1}`);
const MEMBERS = 60;
// Ids whose order differs between code units and a database collation
// (case, punctuation): the kept order must not depend on the engine's.
const memberId = (m: number) => `${m % 3 === 0 ? "Rd" : m % 3 === 1 ? "rd" : "r-d"}${m}`;

/** Lists moved to another thread, as the fit's worker thread gets them and gives them back. */
const moved = (lists: JobLists) => structuredClone(lists, { transfer: listBuffers(lists) });

describe("the consensus ballot reader", () => {
  it("reads again only what changed, and gets what a full read gets", async () => {
    const random = new SeededRandom(7);
    const pick = <T>(xs: readonly T[], n: number) => {
      const copy = [...xs];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = random.below(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    };
    const cast49 = (
      await db.select({ id: castaways.id }).from(castaways).where(eq(castaways.seasonId, "s49"))
    )
      .map((c) => c.id)
      .sort();
    const allCastaways = (await db.select({ id: castaways.id }).from(castaways)).map((c) => c.id);
    await db.insert(user).values(
      Array.from({ length: MEMBERS }, (_, m) => ({
        id: memberId(m),
        name: `reader ${m}`,
        email: `reader-${m}@example.com`,
      })),
    );

    let nextList = 0;
    const kept = createBallotReader(t.store);
    // Each round changes some members and tells the kept reader of them only.
    for (let round = 0; round < 6; round++) {
      const changed = pick(
        Array.from({ length: MEMBERS }, (_, m) => m),
        round === 0 ? MEMBERS : 1 + random.below(8),
      );
      for (const m of changed) {
        const userId = memberId(m);
        const action = random.below(4);
        if (action === 0) {
          await db.delete(lists).where(eq(lists.userId, userId));
        } else if (action === 1) {
          await db.update(lists).set({ isPublic: false }).where(eq(lists.userId, userId));
        } else {
          for (let k = random.below(3); k >= 0; k--) {
            const kind = random.below(2) === 0 ? "seasons" : "castaways";
            const items =
              kind === "seasons"
                ? pick(SEASONS, 3 + random.below(10))
                : pick(allCastaways, 3 + random.below(10));
            await db.insert(lists).values({
              userId,
              id: `list_${String(nextList++).padStart(4, "0")}`,
              name: "L",
              kind,
              isPublic: random.below(5) !== 0,
              itemCount: items.length,
              ranking: rankingOf(items),
            });
          }
        }
        kept.memberChanged(userId);
        if (random.below(2) === 0) {
          const slots = [...pick(cast49, 9), null];
          await db
            .insert(submissions)
            .values({ categoryId: "season-49", userId, slots })
            .onConflictDoUpdate({ target: [submissions.categoryId, submissions.userId], set: { slots } });
          kept.submissionChanged("season-49", userId);
        } else if (random.below(3) === 0) {
          await db
            .delete(submissions)
            .where(and(eq(submissions.categoryId, "season-49"), eq(submissions.userId, userId)));
          kept.submissionChanged("season-49", userId);
        }
      }
      const incremental = await kept.read();
      const full = await createBallotReader(t.store).read();
      expect(incremental.membersRead).toBe(round === 0 ? "all" : changed.length);
      expect(full.membersRead).toBe("all");
      expect(incremental.job).toEqual(full.job);
      expect(full.job.seasons.memberCount + full.job.castaways.memberCount).toBeGreaterThan(0);
      expect(full.job.categories.find((c) => c.categoryId === "season-49")!.slots.length).toBeGreaterThan(0);
      // As the fit's worker thread does: the lists moved there and back.
      kept.giveBack(moved(moved(jobLists(incremental.job))));
    }

    // Lent and never given back (a fit that failed): the next read reads every list.
    const lost = await kept.read();
    moved(jobLists(lost.job));
    expect(lost.job.seasons.items.length).toBe(0);
    const afterLoss = await kept.read();
    expect(afterLoss.membersRead).toBe("all");
    expect(afterLoss.job).toEqual((await createBallotReader(t.store).read()).job);
    kept.giveBack(moved(moved(jobLists(afterLoss.job))));

    // A change it was not told of is not read; told to read everything, it is.
    const quiet = memberId(5);
    await db.delete(lists).where(eq(lists.userId, quiet));
    await db.insert(lists).values({
      userId: quiet,
      id: "list_untold",
      name: "L",
      kind: "seasons",
      isPublic: true,
      itemCount: 3,
      ranking: rankingOf(["s1", "s2", "s3"]),
    });
    const untold = await kept.read();
    const full = await createBallotReader(t.store).read();
    expect(untold.membersRead).toBe(0);
    expect(untold.job.seasons).not.toEqual(full.job.seasons);
    kept.readEverything();
    expect((await kept.read()).job).toEqual(full.job);

    await db.delete(submissions).where(eq(submissions.categoryId, "season-49"));
    await db.delete(user).where(
      inArray(
        user.id,
        Array.from({ length: MEMBERS }, (_, m) => memberId(m)),
      ),
    );
  });
});
