import { writeFileSync } from "node:fs";
import { headshotSvg, seasonSvg } from "#server/media/generated-images.ts";
import { pictureDataUri, renderSharePng } from "#server/modules/share/share-render.ts";
const names = [["s1-richard-hatch","Richard Hatch","Survivor: Borneo"],["s20-parvati-shallow","Parvati Shallow","Heroes vs. Villains"],["s40-tony-vlachos","Tony Vlachos","Winners at War"],["s18-james-thomas-jr","James \"J.T.\" Thomas Jr.","Tocantins"],["s7-sandra-diaz-twine","Sandra Diaz-Twine","Pearl Islands"]];
const entries = await Promise.all(names.map(async ([id,name,season],i) => ({ rank: i+1, name: name!, detail: season!, picture: i===3 ? null : await pictureDataUri({ kind: "svg", svg: headshotSvg(id!, name!), etag: "x" }) })));
for (const layout of ["classic","beach"] as const) for (const size of ["portrait","preview"] as const) {
  const t = performance.now();
  const png = await renderSharePng({ title: "My All-Time Favourite Winners and Villains", author: "Ann Example", entries, totalEntries: 12, layout, size });
  console.log(layout, size, (performance.now()-t).toFixed(0), png.length);
  writeFileSync(`/tmp/share-exp/${layout}-${size}.png`, png);
}
