#include "solver/structure/segment_structure.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <limits>
#include <numeric>
#include <queue>

#include "solver/structure/row_matching.h"

namespace mv {

namespace {

// The free part: unknowns no row is matched to, and what alternating paths reach from them
// (unknown -> every row on it -> that row's matched unknown -> ...).
std::vector<bool> freeColumns(const std::vector<std::vector<int>>& rowColumns,
                              const std::vector<bool>& inequality, const RowMatching& matching,
                              int columns) {
    // The rows on each column, in one array (`first[c]` to `first[c + 1]`): a chain of 10,000
    // bars has 30,000 columns, and a list each would be as many allocations.
    std::vector<int> first(size_t(columns) + 1, 0);
    for (size_t r = 0; r < rowColumns.size(); ++r)
        if (!inequality[r])
            for (int c : rowColumns[r]) ++first[size_t(c) + 1];
    std::partial_sum(first.begin(), first.end(), first.begin());
    std::vector<int> rowsOfColumn(size_t(first.back()));
    std::vector<int> filled(first.begin(), first.end() - 1);
    for (size_t r = 0; r < rowColumns.size(); ++r)
        if (!inequality[r])
            for (int c : rowColumns[r]) rowsOfColumn[size_t(filled[size_t(c)]++)] = int(r);
    std::vector<bool> free(size_t(columns), false);
    std::vector<int> pending;
    for (int c = 0; c < columns; ++c) {
        if (matching.rowOfColumn[size_t(c)] < 0) {
            free[size_t(c)] = true;
            pending.push_back(c);
        }
    }
    while (!pending.empty()) {
        const int c = pending.back();
        pending.pop_back();
        for (int k = first[size_t(c)]; k < first[size_t(c) + 1]; ++k) {
            const int next = matching.columnOfRow[size_t(rowsOfColumn[size_t(k)])];
            if (next < 0 || free[size_t(next)]) continue;
            free[size_t(next)] = true;
            pending.push_back(next);
        }
    }
    return free;
}

// Union-find over unknowns, to split the free part into components that share no row.
struct Components {
    explicit Components(int n) : parent(size_t(n)) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int c) {
        while (parent[size_t(c)] != c) c = parent[size_t(c)] = parent[size_t(parent[size_t(c)])];
        return c;
    }
    void join(int a, int b) { parent[size_t(find(a))] = find(b); }
    std::vector<int> parent;
};

// Square blocks: strongly connected components of "row needs the unknown matched to another row",
// in an order where each block follows those it reads.
std::vector<StructureBlock> squareBlocks(const std::vector<std::vector<int>>& rowColumns,
                                         const std::vector<bool>& inequality,
                                         const RowMatching& matching,
                                         const std::vector<bool>& free) {
    std::vector<int> vertexOfRow(rowColumns.size(), -1), rowOfVertex;
    for (size_t r = 0; r < rowColumns.size(); ++r) {
        const int c = matching.columnOfRow[r];
        if (c < 0 || free[size_t(c)]) continue;
        vertexOfRow[r] = int(rowOfVertex.size());
        rowOfVertex.push_back(int(r));
    }
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph graph(rowOfVertex.size());
    for (size_t v = 0; v < rowOfVertex.size(); ++v) {
        const int r = rowOfVertex[v];
        for (int c : rowColumns[size_t(r)]) {
            const int q = matching.rowOfColumn[size_t(c)];
            if (q >= 0 && q != r && vertexOfRow[size_t(q)] >= 0)
                boost::add_edge(size_t(vertexOfRow[size_t(q)]), v, graph);
        }
    }
    // A left-over equality joins the blocks it reads into one: `B = A + [80,0]` matches its x row
    // to the angle (cos a = 1, a double root where Newton crawls) and leaves the y row over (sin a
    // = 0, a simple one); solved together, by least squares, both hold exactly and converge fast.
    for (size_t r = 0; r < rowColumns.size(); ++r) {
        if (inequality[r] || matching.columnOfRow[r] >= 0) continue;
        std::vector<size_t> ring;
        for (int c : rowColumns[r]) {
            const int q = matching.rowOfColumn[size_t(c)];
            if (q >= 0 && vertexOfRow[size_t(q)] >= 0)
                ring.push_back(size_t(vertexOfRow[size_t(q)]));
        }
        for (size_t i = 0; ring.size() > 1 && i < ring.size(); ++i)
            boost::add_edge(ring[i], ring[(i + 1) % ring.size()], graph);
    }
    std::vector<int> component(rowOfVertex.size());
    const int count = rowOfVertex.empty() ? 0 : boost::strong_components(graph, component.data());

    // Kahn's sort of the condensation; of the blocks ready, the one with the first row goes first,
    // so the two rows of `Rod.A = Crank.Q` come out side by side and the order is deterministic.
    std::vector<std::vector<int>> members(static_cast<size_t>(count)),
        next(static_cast<size_t>(count));
    std::vector<int> incoming(size_t(count), 0);
    for (size_t v = 0; v < rowOfVertex.size(); ++v) members[size_t(component[v])].push_back(int(v));
    for (auto [e, end] = boost::edges(graph); e != end; ++e) {
        const int from = component[boost::source(*e, graph)],
                  to = component[boost::target(*e, graph)];
        if (from == to) continue;
        next[size_t(from)].push_back(to);
        ++incoming[size_t(to)];
    }
    std::vector<int> firstRow(static_cast<size_t>(count), std::numeric_limits<int>::max());
    for (size_t v = 0; v < rowOfVertex.size(); ++v)
        firstRow[size_t(component[v])] = std::min(firstRow[size_t(component[v])], rowOfVertex[v]);
    using Ready = std::pair<int, int>;  // first row, component
    std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
    for (int k = 0; k < count; ++k)
        if (incoming[size_t(k)] == 0) ready.push({firstRow[size_t(k)], k});
    std::vector<StructureBlock> blocks;
    while (!ready.empty()) {
        const int k = ready.top().second;
        ready.pop();
        StructureBlock block;
        for (int v : members[size_t(k)]) {
            const int r = rowOfVertex[size_t(v)];
            block.rows.push_back(r);
            block.columns.push_back(matching.columnOfRow[size_t(r)]);
        }
        std::sort(block.rows.begin(), block.rows.end());
        std::sort(block.columns.begin(), block.columns.end());
        blocks.push_back(std::move(block));
        for (int to : next[size_t(k)])
            if (--incoming[size_t(to)] == 0) ready.push({firstRow[size_t(to)], to});
    }
    return blocks;
}

// The free part split into components that share no unknown, each with its matched rows.
std::vector<StructureBlock> freeBlocks(const std::vector<std::vector<int>>& rowColumns,
                                       const RowMatching& matching, const std::vector<bool>& free) {
    const int columns = int(free.size());
    Components components(columns);
    std::vector<int> freeRows;
    for (size_t r = 0; r < rowColumns.size(); ++r) {
        const int c = matching.columnOfRow[r];
        if (c < 0 || !free[size_t(c)]) continue;
        freeRows.push_back(int(r));
        for (int other : rowColumns[r])
            if (free[size_t(other)]) components.join(c, other);
    }
    std::vector<int> blockOfComponent(size_t(columns), -1);
    std::vector<StructureBlock> blocks;
    for (int c = 0; c < columns; ++c) {
        if (!free[size_t(c)]) continue;
        int& b = blockOfComponent[size_t(components.find(c))];
        if (b < 0) {
            b = int(blocks.size());
            blocks.push_back({StructureBlock::Kind::Free, {}, {}, {}});
        }
        blocks[size_t(b)].columns.push_back(c);
    }
    for (int r : freeRows)
        blocks[size_t(blockOfComponent[size_t(components.find(matching.columnOfRow[size_t(r)]))])]
            .rows.push_back(r);
    return blocks;
}

}  // namespace

SegmentStructure analyseStructure(std::vector<std::vector<int>> rowColumns,
                                  const std::vector<bool>& inequality, int columns) {
    SegmentStructure s;
    const RowMatching matching = matchRows(rowColumns, inequality, columns);
    const std::vector<bool> free = freeColumns(rowColumns, inequality, matching, columns);
    s.blocks = squareBlocks(rowColumns, inequality, matching, free);
    for (StructureBlock& b : freeBlocks(rowColumns, matching, free))
        s.blocks.push_back(std::move(b));
    s.blockOfColumn.assign(size_t(columns), -1);
    for (size_t b = 0; b < s.blocks.size(); ++b)
        for (int c : s.blocks[b].columns) s.blockOfColumn[size_t(c)] = int(b);

    // Left-over rows and inequalities: checked after the last block they read; an inequality on a
    // free unknown pulls inside that free block.
    for (size_t r = 0; r < rowColumns.size(); ++r) {
        if (!inequality[r] && matching.columnOfRow[r] >= 0) continue;
        int last = -1;
        for (int c : rowColumns[r]) last = std::max(last, s.blockOfColumn[size_t(c)]);
        if (last < 0) {
            s.constantChecks.push_back(int(r));
            continue;
        }
        StructureBlock& block = s.blocks[size_t(last)];
        if (block.kind == StructureBlock::Kind::Free) {
            block.rows.push_back(int(r));
        } else {
            block.checks.push_back(int(r));
        }
    }
    for (StructureBlock& b : s.blocks) std::sort(b.rows.begin(), b.rows.end());
    s.rowColumns = std::move(rowColumns);
    s.rowOfColumn = matching.rowOfColumn;
    s.columnOfRow = matching.columnOfRow;
    return s;
}

std::vector<int> SegmentStructure::support(int row) const {
    std::vector<int> rows;
    std::vector<bool> seen(rowColumns.size(), false);
    std::vector<int> pending{row};
    seen[size_t(row)] = true;
    while (!pending.empty()) {
        const int r = pending.back();
        pending.pop_back();
        for (int c : rowColumns[size_t(r)]) {
            const int q = rowOfColumn[size_t(c)];
            if (q < 0 || seen[size_t(q)]) continue;
            seen[size_t(q)] = true;
            rows.push_back(q);
            pending.push_back(q);
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace mv
