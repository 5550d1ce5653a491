#include "tools/match/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace damiera::match {
namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string percent(double fraction) { return format("%.1f%%", 100.0 * fraction); }

std::string pad(std::string text, std::size_t width, bool left = false) {
  if (text.size() >= width) return text;
  const std::string spaces(width - text.size(), ' ');
  return left ? text + spaces : spaces + text;
}

std::string eloWithMargin(const Wdl& wdl) {
  const std::optional<EloEstimate> elo = estimateElo(wdl);
  if (!elo) return "Elo -";
  std::string text = "Elo " + formatElo(elo->elo);
  if (std::isfinite(elo->margin())) text += " +- " + format("%.1f", elo->margin());
  return text;
}

}  // namespace

std::string formatElo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  constexpr double kShownAsZero = 0.05;  // "-0.0" would suggest a sign that is not there
  return format("%+.1f", std::abs(elo) < kShownAsZero ? 0.0 : elo);
}

std::string sprtSummary(const Wdl& wdl, const SprtParameters& sprt) {
  const double llr = sprtLlr(wdl, sprt);
  const std::string figures = "LLR " + format("%.2f", llr) + " (" +
                              format("%.2f", sprtLowerBound(sprt)) + ", " +
                              format("%.2f", sprtUpperBound(sprt)) + ")";
  switch (sprtVerdict(llr, sprt)) {
    case SprtVerdict::AcceptH1:
      return "H1 accepted, " + figures;
    case SprtVerdict::AcceptH0:
      return "H0 accepted, " + figures;
    case SprtVerdict::Continue:
      break;
  }
  return "no verdict, " + figures;
}

std::string progressLine(std::int64_t done, std::int64_t total, const std::string& pairName,
                         const std::optional<Wdl>& singlePair,
                         const std::optional<SprtParameters>& sprt) {
  const std::string count = std::to_string(total);
  std::string line = total > 0 ? "[" + pad(std::to_string(done), count.size()) + "/" + count + "]"
                               : "[" + std::to_string(done) + "]";
  if (!singlePair) return line;
  const Wdl& w = *singlePair;
  line += " " + pairName + "  W " + std::to_string(w.wins) + " D " + std::to_string(w.draws) +
          " L " + std::to_string(w.losses) + "  " + percent(w.score()) + "  " + eloWithMargin(w);
  if (sprt) {
    line += "  LLR " + format("%.2f", sprtLlr(w, *sprt)) + " (" +
            format("%.2f", sprtLowerBound(*sprt)) + ", " + format("%.2f", sprtUpperBound(*sprt)) +
            ")";
  }
  return line;
}

std::string finalTable(const std::vector<EngineSpec>& engines,
                       const std::vector<PairingResult>& results,
                       const std::optional<SprtParameters>& sprt) {
  std::vector<std::string> names;
  std::size_t nameWidth = std::string_view("Pair").size();
  for (const PairingResult& r : results) {
    names.push_back(engines[static_cast<std::size_t>(r.pairing.first)].name + " vs " +
                    engines[static_cast<std::size_t>(r.pairing.second)].name);
    nameWidth = std::max(nameWidth, names.back().size());
  }
  std::string out = pad("Pair", nameWidth, true) +
                    "  Games     W     D     L   Score      Elo   95% interval          LOS  "
                    "Draws\n";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const Wdl& w = results[i].wdl;
    const std::optional<EloEstimate> elo = estimateElo(w);
    std::string interval = "-";
    if (elo) interval = "[" + formatElo(elo->low) + ", " + formatElo(elo->high) + "]";
    out += pad(names[i], nameWidth, true) + pad(std::to_string(w.games()), 7) +
           pad(std::to_string(w.wins), 6) + pad(std::to_string(w.draws), 6) +
           pad(std::to_string(w.losses), 6) + pad(percent(w.score()), 8) +
           pad(elo ? formatElo(elo->elo) : "-", 9) + "   " + pad(interval, 18, true) +
           pad(percent(likelihoodOfSuperiority(w)), 8) + pad(percent(w.drawRatio()), 7) + "\n";
    if (sprt) out += pad("", nameWidth) + "  SPRT " + sprtSummary(w, *sprt) + "\n";
  }
  if (engines.size() > 2) {
    // Standings: points over every pair an engine played in.
    std::vector<double> points(engines.size(), 0.0);
    std::vector<std::int64_t> games(engines.size(), 0);
    for (const PairingResult& r : results) {
      points[static_cast<std::size_t>(r.pairing.first)] += r.wdl.points();
      points[static_cast<std::size_t>(r.pairing.second)] += r.wdl.swapped().points();
      games[static_cast<std::size_t>(r.pairing.first)] += r.wdl.games();
      games[static_cast<std::size_t>(r.pairing.second)] += r.wdl.games();
    }
    std::vector<std::size_t> order(engines.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return points[a] > points[b]; });
    out += "\nStandings\n";
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
      const std::size_t e = order[rank];
      out += pad(std::to_string(rank + 1), 3) + ". " + pad(engines[e].name, nameWidth, true) +
             format("%8.1f", points[e]) + " / " + std::to_string(games[e]) + "\n";
    }
  }
  return out;
}

}  // namespace damiera::match
