#include "egdb_build/slice_store.h"

#include <set>

#include "egdb/storage.h"

namespace damiera::egdb {

void SliceStore::loadPair(const Material& canonical) {
  for (const Material& m : {canonical, canonical.mirrored()}) {
    std::unique_ptr<Slice>& slot = slices_[key(m)];
    if (slot) continue;
    auto slice = std::make_unique<Slice>(m);
    slice->values = SliceFile(dir_ + "/" + sliceFileName(m), m).readAll();
    slot = std::move(slice);
  }
}

void SliceStore::keepOnly(const std::vector<Material>& canonicals) {
  std::set<int> keep;
  for (const Material& m : canonicals) {
    keep.insert(key(m));
    keep.insert(key(m.mirrored()));
  }
  for (int k = 0; k < static_cast<int>(slices_.size()); ++k)
    if (slices_[k] && !keep.count(k)) slices_[k].reset();
}

std::uint64_t SliceStore::bytes() const {
  std::uint64_t total = 0;
  for (const auto& s : slices_)
    if (s) total += s->values.size();
  return total;
}

}  // namespace damiera::egdb
