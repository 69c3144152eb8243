// iCalendar oracle: ical.js (Mozilla's parser, used by Thunderbird) reads the agenda's
// .ics file; the verdict lists what a calendar app would import.
"use strict";
const ICAL = require("ical.js");

require("./lib.js")((text) => {
  try {
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents("vevent").map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        description: e.description,
        start: e.startDate.toString(),
        end: e.endDate.toString(),
        allDay: e.startDate.isDate,
        stamp: v.getFirstPropertyValue("dtstamp") ? v.getFirstPropertyValue("dtstamp").toString() : null,
      };
    });
    return {
      ok: true,
      name: cal.name,
      version: cal.getFirstPropertyValue("version"),
      prodid: cal.getFirstPropertyValue("prodid"),
      method: cal.getFirstPropertyValue("method"),
      events,
    };
  } catch (err) {
    return { ok: false, error: String(err) };
  }
});
