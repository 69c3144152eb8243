// The Localização map (Leaflet, with the tile server the configuration names: `--map-tiles-url`,
// OpenStreetMap's by default, and its attribution). Fallback: the place as text and a link to
// OpenStreetMap, which stays under the map. Leaflet's stylesheet is one of our own static assets;
// its URL comes in the props and is added to the page only when a map mounts, which waits for
// it. The loader mounts it when it scrolls into view (`data-lazy`).
import { useEffect, useRef } from 'react';
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import type { MapProps } from './generated/props';
import { island } from './mount';

/**
 * Adds Leaflet's stylesheet once; resolves when it applies. Until then Leaflet's panes and
 * 256 px tiles would lie in the page's flow, wider than a phone's screen.
 */
function ensureCss(href?: string): Promise<void> {
  if (!href) return Promise.resolve();
  let link = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.appendChild(link);
  }
  const added = link;
  // A stylesheet that fails to load still lets the map draw (the box below clips it).
  return new Promise((resolve) => {
    added.addEventListener('load', () => resolve(), { once: true });
    added.addEventListener('error', () => resolve(), { once: true });
  });
}

type Props = MapProps & { kept: string };

function Mapa({ lat, lon, label, css, tiles, attribution, kept }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let m: ReturnType<typeof leafletMap> | undefined;
    let gone = false;
    void ensureCss(css).then(() => {
      if (gone) return;
      m = leafletMap(el, { scrollWheelZoom: false }).setView([lat, lon], 11);
      tileLayer(tiles, { maxZoom: 18, attribution }).addTo(m);
      circleMarker([lat, lon], { radius: 9, color: '#1b5e20', fillOpacity: 0.8 }).addTo(m).bindTooltip(label);
    });
    return () => {
      gone = true;
      m?.remove();
    };
  }, [lat, lon, label, css, tiles, attribution]);
  return (
    <>
      <div ref={box} className="ilha-mapa" role="region" aria-label={`Mapa: ${label}`} />
      <div dangerouslySetInnerHTML={{ __html: kept }} />
    </>
  );
}

export const mount = island(Mapa, (el) => ({
  kept: Array.from(el.children)
    .filter((n) => !(n instanceof HTMLScriptElement))
    .map((n) => n.outerHTML)
    .join(''),
}));
