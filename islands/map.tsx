// The Localização map (Leaflet, with the tile server the configuration names: `--map-tiles-url`,
// OpenStreetMap's by default, and its attribution). Fallback: the place as text and a link to
// OpenStreetMap, which stays under the map. Leaflet's stylesheet is one of our own static assets;
// its URL comes in the props and is added to the page only when a map mounts. The loader mounts
// it when it scrolls into view (`data-lazy`).
import { useEffect, useRef } from 'react';
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import type { MapProps } from './generated/props';
import { island } from './mount';

function ensureCss(href?: string): void {
  if (!href || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
}

type Props = MapProps & { kept: string };

function Mapa({ lat, lon, label, css, tiles, attribution, kept }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    ensureCss(css);
    const m = leafletMap(box.current, { scrollWheelZoom: false }).setView([lat, lon], 11);
    tileLayer(tiles, { maxZoom: 18, attribution }).addTo(m);
    circleMarker([lat, lon], { radius: 9, color: '#1b5e20', fillOpacity: 0.8 }).addTo(m).bindTooltip(label);
    return () => {
      m.remove();
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
