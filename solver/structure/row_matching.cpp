#include "solver/structure/row_matching.h"

#include <cstddef>

using std::size_t;

namespace mv {

namespace {

// Augmenting paths from one row, depth first with an explicit stack (a chain of 10,000 bars would
// overflow the call stack). `stamp` marks the columns visited in this search.
class Augmenter {
public:
    Augmenter(const std::vector<std::vector<int>>& rows, RowMatching& matching, int columns)
        : m_rows(rows), m_matching(matching), m_visited(size_t(columns), -1) {}

    bool augment(int root) {
        ++m_search;
        // Cheap first: a free column of the row itself (almost every row of a mechanism).
        for (int c : m_rows[size_t(root)]) {
            if (m_matching.rowOfColumn[size_t(c)] < 0) {
                link(root, c);
                return true;
            }
        }
        struct Frame {
            int row;
            size_t next;
            int via;  // the column that led to this row
        };
        std::vector<Frame> stack{{root, 0, -1}};
        while (!stack.empty()) {
            Frame& top = stack.back();
            const auto& columns = m_rows[size_t(top.row)];
            if (top.next == columns.size()) {
                stack.pop_back();
                continue;
            }
            const int c = columns[top.next++];
            if (m_visited[size_t(c)] == m_search) continue;
            m_visited[size_t(c)] = m_search;
            const int owner = m_matching.rowOfColumn[size_t(c)];
            if (owner >= 0) {
                stack.push_back({owner, 0, c});
                continue;
            }
            // Found a free column: flip the path, each row on it takes the column it came through.
            link(top.row, c);
            for (size_t i = stack.size() - 1; i > 0; --i) link(stack[i - 1].row, stack[i].via);
            return true;
        }
        return false;
    }

private:
    void link(int row, int column) {
        m_matching.columnOfRow[size_t(row)] = column;
        m_matching.rowOfColumn[size_t(column)] = row;
    }

    const std::vector<std::vector<int>>& m_rows;
    RowMatching& m_matching;
    std::vector<int> m_visited;
    int m_search = 0;
};

}  // namespace

RowMatching matchRows(const std::vector<std::vector<int>>& rows, const std::vector<bool>& skip,
                      int columns) {
    RowMatching matching{std::vector<int>(rows.size(), -1), std::vector<int>(size_t(columns), -1)};
    Augmenter augmenter(rows, matching, columns);
    for (size_t r = 0; r < rows.size(); ++r)
        if (!skip[r]) augmenter.augment(int(r));
    return matching;
}

}  // namespace mv
